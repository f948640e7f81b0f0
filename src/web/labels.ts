/**
 * The page's own words in English and Japanese: a Japanese rule page is labelled in Japanese.
 * public/sw.js keeps the same words for the pages it renders offline.
 */
export type Lang = 'en' | 'ja';

const LABELS = {
  placeholder: { en: 'Rule, word or card', ja: '番号・語・カード' },
  searchLabel: { en: 'Search the rules, glossary and cards', ja: 'ルール・用語・カードを検索' },
  search: { en: 'Search', ja: '検索' },
  language: { en: 'Language', ja: '言語' },
  deck: { en: 'Deck check', ja: 'デッキチェック' },
  rules: { en: 'Rules', ja: 'ルール' },
  tournament: { en: 'Tournament', ja: '大会' },
  footer: {
    en: 'Official rules text as published by Bandai; unofficial documents are labelled. Works offline once opened.',
    ja: 'ルール本文はバンダイの公式発表どおり。非公式の文書には表示があります。一度開けばオフラインでも読めます。',
  },
  offline: { en: 'Offline: showing saved rules.', ja: 'オフライン：保存したルールを表示しています。' },
  where: { en: 'Where this rule is', ja: 'このルールの位置' },
  copy: { en: 'Copy citation', ja: '引用をコピー' },
  version: { en: 'Ver.', ja: 'Ver.' },
  cites: { en: 'Cites', ja: '参照先' },
  citedBy: { en: 'Cited by', ja: '参照元' },
  noRule: { en: 'no such rule', ja: '該当ルールなし' },
  aligned: { en: 'aligned', ja: '対応' },
  restored: { en: 'Restored by the corpus build', ja: 'コーパス構築時に補修' },
} as const;

export type LabelKey = keyof typeof LABELS;

export function label(key: LabelKey, lang: Lang | undefined): string {
  return LABELS[key][lang ?? 'en'];
}
