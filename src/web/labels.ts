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
  // The search results page.
  resultsFor: { en: 'Results for', ja: '検索結果：' },
  glossary: { en: 'Glossary', ja: '用語集' },
  cards: { en: 'Cards', ja: 'カード' },
  openRule: { en: 'Open rule', ja: 'ルールを開く' },
  nothing: { en: 'Nothing matches {q}. Try other words, a rule number like 8-5-3, or a card name.', ja: '{q}に一致するものはありません。別の語、8-5-3 のようなルール番号、またはカード名でお試しください。' },
  // EN/JA differences (corpus/notes/cr-differences.json); {this} and {other} are language names.
  english: { en: 'English', ja: '英語版' },
  japanese: { en: 'Japanese', ja: '日本語版' },
  onlyHere: { en: '{this} only: the {other} rules have no counterpart to this rule.', ja: '{this}のみ：{other}には対応するルールがありません。' },
  differs: { en: 'The English and Japanese say different things here.', ja: '英語版と日本語版で内容が異なります。' },
  whatDiffers: { en: 'What differs', ja: '違い（英語での説明）' },
  onlyTag: { en: '{this} only', ja: '{this}のみ' },
  differsTag: { en: 'EN/JA differ', ja: '英日で相違' },
} as const;

export type LabelKey = keyof typeof LABELS;

export function label(key: LabelKey, lang: Lang | undefined): string {
  return LABELS[key][lang ?? 'en'];
}

/** A record's language named in the page's language ("Japanese", "英語版"). */
export function languageName(of: Lang, page: Lang): string {
  return label(of === 'en' ? 'english' : 'japanese', page);
}

/**
 * The plain words that flag an EN/JA difference: "English only: the Japanese rules have no
 * counterpart…" or "The English and Japanese say different things here.", in the page's language.
 */
export function differenceHeadline(kind: 'no-counterpart' | 'differs', record: Lang, page: Lang): string {
  if (kind === 'differs') return label('differs', page);
  return label('onlyHere', page).replace('{this}', languageName(record, page)).replace('{other}', languageName(record === 'en' ? 'ja' : 'en', page));
}

/** The short tag beside a child rule in a list ("Japanese only", "EN/JA differ"). */
export function differenceTag(kind: 'no-counterpart' | 'differs', record: Lang, page: Lang): string {
  return kind === 'differs' ? label('differsTag', page) : label('onlyTag', page).replace('{this}', languageName(record, page));
}
