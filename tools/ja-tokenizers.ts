/**
 * Why the Japanese index tokenizes the way it does: recall@5 of Japanese questions (the project's
 * question sets) over the Japanese rules, indexed with each candidate tokenizer and nothing else
 * (no synonyms, no path fields), so the tokenizer alone is compared.
 *
 *   node --import tsx tools/ja-tokenizers.ts
 */
import fs from 'node:fs';
import MiniSearch from 'minisearch';
import { loadCorpusFromMarkdown } from '../src/corpus/load.js';
import { processJapanese, tokenizeEnglish, normalize } from '../src/search/text.js';
const c = loadCorpusFromMarkdown();
const recs = c.records.map((r, i) => ({ r, i })).filter((x) => x.r.document === 'gundam-cr-ja');
const JA_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u30fc々〆〇]+/g;
const seg = new Intl.Segmenter('ja', { granularity: 'word' });
const variants: Record<string, (t: string) => string[]> = {
  'default MiniSearch': (t) => t.split(/[\n\r\p{Z}\p{P}]+/u),
  'unigrams': (t) => [...normalize(t)].filter((ch) => JA_RUN.test(ch) || /\w/.test(ch)),
  'bigrams': (t) => { const o: string[] = []; for (const m of normalize(t).matchAll(JA_RUN)) { const r = m[0]; if (r.length === 1) o.push(r); for (let i = 0; i + 1 < r.length; i++) o.push(r.slice(i, i + 2)); } return o.concat(tokenizeEnglish(normalize(t).replace(JA_RUN, ' '))); },
  'Intl.Segmenter words': (t) => { const o: string[] = []; for (const m of normalize(t).matchAll(JA_RUN)) for (const s of seg.segment(m[0])) if (s.isWordLike) o.push(s.segment); return o.concat(tokenizeEnglish(normalize(t).replace(JA_RUN, ' '))); },
  'bigrams + segmenter (3+ chars)': (t) => { const o: string[] = []; for (const m of normalize(t).matchAll(JA_RUN)) { const r = m[0]; if (r.length === 1) o.push(r); for (let i = 0; i + 1 < r.length; i++) o.push(r.slice(i, i + 2)); for (const s of seg.segment(r)) if (s.isWordLike && s.segment.length >= 3) o.push(s.segment); } return o.concat(tokenizeEnglish(normalize(t).replace(JA_RUN, ' '))); },
};
const qs: { q: string; gold: string[] }[] = [];
for (const f of ['test/fixtures/search-heldout.jsonl', 'test/fixtures/search-questions.jsonl']) for (const l of fs.readFileSync(f, 'utf8').split('\n').filter(Boolean)) { const q = JSON.parse(l); if (q.lang === 'ja') qs.push(q); }
for (const [name, tok] of Object.entries(variants)) {
  const idx = new MiniSearch({ idField: 'i', fields: ['heading', 'text'], tokenize: tok, processTerm: (t) => (t ? processJapanese(t) : null) });
  idx.addAll(recs.map(({ r, i }) => ({ i, heading: r.heading ?? '', text: r.text })));
  let hit = 0;
  for (const q of qs) {
    const res = idx.search(q.q, { boost: { heading: 1.8 } }).slice(0, 5).map((h) => c.records[h.id as number]!.id);
    if (res.some((id) => q.gold.some((g) => id === g || id.startsWith(g + '-') || (g.startsWith(id + '-') && id.split('-').length >= 2)))) hit++;
  }
  console.log(`${name.padEnd(32)} recall@5 ${(hit / qs.length).toFixed(2)} (n=${qs.length})`);
}
