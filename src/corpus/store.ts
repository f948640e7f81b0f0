/**
 * The corpus in memory, with the lookups every tool needs: documents by id, rules by document and
 * number, cards by printing id and by name. Built once per process.
 */
import type { CardRecord, CardSet, DocumentMeta, Language, RuleAsks, RuleRecord } from './types.js';
import type { CorpusData } from './load.js';
import { cardIdIndex, nameKey, normalizeCardId } from './card-keys.js';

export class CorpusStore {
  readonly documents: DocumentMeta[];
  readonly records: RuleRecord[];
  readonly fingerprint: string | undefined;
  private readonly docById = new Map<string, DocumentMeta>();
  private readonly ruleByKey = new Map<string, number>();
  /** Each document's records in order, grouped once: read_rules_document pages through them per call. */
  private readonly byDocument = new Map<string, RuleRecord[]>();
  private cardIndex?: { cards: CardRecord[]; sets: CardSet[]; byId: Map<string, CardRecord>; byName: Map<string, CardRecord[]> };
  private citedByMap?: Map<string, string[]>;

  constructor(private readonly data: CorpusData) {
    this.documents = data.documents;
    this.records = data.records;
    this.fingerprint = data.fingerprint;
    for (const d of data.documents) this.docById.set(d.id, d);
    data.records.forEach((r, i) => {
      this.ruleByKey.set(`${r.document}\u0000${r.id}`, i);
      const list = this.byDocument.get(r.document);
      if (list) list.push(r);
      else this.byDocument.set(r.document, [r]);
    });
  }

  /** The card catalog and its lookups, built on first use. */
  private catalog() {
    if (this.cardIndex) return this.cardIndex;
    const cards = this.data.cards;
    const byName = new Map<string, CardRecord[]>();
    for (const c of cards) {
      const key = nameKey(c.name);
      const list = byName.get(key) ?? [];
      list.push(c);
      byName.set(key, list);
    }
    this.cardIndex = { cards, sets: this.data.sets, byId: cardIdIndex(cards), byName };
    return this.cardIndex;
  }

  get cards(): CardRecord[] {
    return this.catalog().cards;
  }

  get sets(): CardSet[] {
    return this.catalog().sets;
  }

  /** The project's paraphrases of rules (search data), by document and rule id: read when an index is built. */
  get asks(): RuleAsks {
    return this.data.asks ?? {};
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

  /** A document's records in order (shared: callers must not modify the array). */
  recordsOf(document: string): readonly RuleRecord[] {
    return this.byDocument.get(document) ?? [];
  }

  /** What to tell a caller who named a document that does not exist. */
  unknownDocument(id: string): string {
    return `unknown document "${id}"; accepted: ${this.documents.map((d) => d.id).join(', ')}`;
  }

  /** The official Comprehensive Rules document of a language. */
  comprehensiveRules(language: Language): DocumentMeta {
    const d = this.documents.find((x) => x.kind === 'comprehensive-rules' && x.language === language && x.authority === 'official' && x.game === 'gundam');
    if (!d) throw new Error(`no official Comprehensive Rules in ${language}`);
    return d;
  }

  /** A card by printing id: exact, alternate printing (`-p1` or `_p1`), any case. */
  cardById(id: string): CardRecord | undefined {
    return this.catalog().byId.get(normalizeCardId(id));
  }

  cardsNamed(name: string): CardRecord[] {
    return this.catalog().byName.get(nameKey(name)) ?? [];
  }
}
