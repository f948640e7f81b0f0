/**
 * Everything the server knows, loaded once per process and shared by every session: the corpus
 * store and the search services built over it.
 */
import { loadCorpus, type CorpusData } from './corpus/load.js';
import { CorpusStore } from './corpus/store.js';
import { SearchService } from './search/service.js';
import { CardSearch } from './search/cards.js';
import { GlossarySearch } from './search/glossary.js';
import { createCardLookup, type CardLookup } from './engine/index.js';

export class Knowledge {
  readonly store: CorpusStore;
  readonly rules: SearchService;
  private cardSearch?: CardSearch;
  private glossarySearch?: GlossarySearch;
  private lookup?: CardLookup;

  constructor(data: CorpusData) {
    this.store = new CorpusStore(data);
    this.rules = new SearchService(this.store);
  }

  /** Card search index, built on first use (lookups by id need no index). */
  get cards(): CardSearch {
    this.cardSearch ??= new CardSearch(this.store.cards, this.store.fingerprint);
    return this.cardSearch;
  }

  /** The catalog as the rules engine reads it (ids, alternate printings, names). */
  get cardLookup(): CardLookup {
    this.lookup ??= createCardLookup(this.store.cards);
    return this.lookup;
  }

  get glossary(): GlossarySearch {
    // Questions that name no term are answered by the Comprehensive Rules the rules search finds.
    this.glossarySearch ??= new GlossarySearch(this.store, (query, language) =>
      this.rules
        .searchRules({ query, language, document: this.store.comprehensiveRules(language).id, limit: 2 })
        .results.map((r) => this.store.rule(r.document, r.id)!)
        .filter(Boolean),
    );
    return this.glossarySearch;
  }

  /** Builds every index now, so no request pays for it. */
  warm(): void {
    this.rules.warm();
    void this.cards;
    void this.glossary;
  }
}

let shared: Knowledge | undefined;

export function knowledge(): Knowledge {
  shared ??= new Knowledge(loadCorpus());
  return shared;
}
