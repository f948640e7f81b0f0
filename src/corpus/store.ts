/**
 * The corpus in memory, with the lookups every tool needs: documents by id, rules by document and
 * number, cards by printing id and by name. Built once per process.
 */
import type { CardRecord, CardSet, DocumentMeta, Language, RuleRecord } from './types.js';
import type { CorpusData } from './load.js';

export class CorpusStore {
  readonly documents: DocumentMeta[];
  readonly records: RuleRecord[];
  readonly cards: CardRecord[];
  readonly sets: CardSet[];
  private readonly docById = new Map<string, DocumentMeta>();
  private readonly ruleByKey = new Map<string, number>();
  private readonly cardMap = new Map<string, CardRecord>();
  private readonly cardsByName = new Map<string, CardRecord[]>();
  private citedByMap?: Map<string, string[]>;

  constructor(data: CorpusData) {
    this.documents = data.documents;
    this.records = data.records;
    this.cards = data.cards;
    this.sets = data.sets;
    for (const d of data.documents) this.docById.set(d.id, d);
    data.records.forEach((r, i) => this.ruleByKey.set(`${r.document}\u0000${r.id}`, i));
    for (const c of data.cards) {
      this.cardMap.set(c.id.toUpperCase(), c);
      const key = nameKey(c.name);
      const list = this.cardsByName.get(key) ?? [];
      list.push(c);
      this.cardsByName.set(key, list);
    }
    // Printings known only from the official data resolve to their base card.
    for (const c of data.cards) {
      for (const p of c.printings) if (!this.cardMap.has(p.id.toUpperCase())) this.cardMap.set(p.id.toUpperCase(), this.cardMap.get((c.base_id ?? c.id).toUpperCase()) ?? c);
    }
  }

  document(id: string): DocumentMeta | undefined {
    return this.docById.get(id);
  }

  ruleIndex(document: string, id: string): number | undefined {
    return this.ruleByKey.get(`${document}\u0000${id}`);
  }

  rule(document: string, id: string): RuleRecord | undefined {
    const i = this.ruleIndex(document, id);
    return i === undefined ? undefined : this.records[i];
  }

  /** Rules of the same document whose text cites this one (reverse cross-references). */
  citedBy(document: string, id: string): string[] {
    if (!this.citedByMap) {
      this.citedByMap = new Map();
      for (const r of this.records) {
        for (const c of r.cites) {
          if (!c.target) continue;
          const key = `${r.document}\u0000${c.target}`;
          const list = this.citedByMap.get(key) ?? [];
          if (!list.includes(r.id)) list.push(r.id);
          this.citedByMap.set(key, list);
        }
      }
    }
    return this.citedByMap.get(`${document}\u0000${id}`) ?? [];
  }

  recordsOf(document: string): RuleRecord[] {
    return this.records.filter((r) => r.document === document);
  }

  /** The official Comprehensive Rules document of a language. */
  comprehensiveRules(language: Language): DocumentMeta {
    const d = this.documents.find((x) => x.kind === 'comprehensive-rules' && x.language === language && x.authority === 'official' && x.game === 'gundam');
    if (!d) throw new Error(`no official Comprehensive Rules in ${language}`);
    return d;
  }

  /** A card by printing id: exact, alternate printing (`-p1` or `_p1`), any case. */
  cardById(id: string): CardRecord | undefined {
    const key = id.trim().toUpperCase().replace(/_P(\d+)$/, '-P$1');
    return this.cardMap.get(key);
  }

  cardsNamed(name: string): CardRecord[] {
    return this.cardsByName.get(nameKey(name)) ?? [];
  }
}

export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
