/**
 * EN↔JA rule links: every link is checked on what both languages print alike and marked checked or
 * uncertain with the reason; the links read wrong in both documents are corrected. A sample of 20
 * links, each read by hand in both documents.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown } from '../../src/corpus/load.js';
import { CorpusStore } from '../../src/corpus/store.js';
import { LINK_CORRECTIONS } from '../../tools/corpus/link-check.js';

let store: CorpusStore;
beforeAll(() => {
  store = new CorpusStore(loadCorpusFromMarkdown());
});
const ja = (id: string) => store.rule('gundam-cr-ja', id)!;
const en = (id: string) => store.rule('gundam-cr-en', id)!;

// [Japanese id, English counterpart (null: none), confidence]: read in both documents.
const SAMPLE: [string, string | null, 'checked' | 'uncertain' | null][] = [
  ['1-2-4', '1-2-4', 'checked'], // conceding at any time
  ['2-4-3', '2-4-3', 'checked'], // a paired card's color does not change the Unit's
  ['3-2-6-3', '3-2-6-3', 'checked'], // Link Units attack the turn they are deployed
  ['4-4-2', '4-4-2', 'checked'], // up to 15 Resources
  ['5-6-3', '5-6-3', 'checked'], // an undamaged Unit cannot recover HP
  ['5-12-2', '5-12-2', 'checked'], // removed is not destroyed
  ['6-1-1-2', '6-1-1-2', 'checked'], // one or two colors
  ['6-2-1-6', '6-2-1-6', 'checked'], // redraw once, from Player One
  ['7-6-5-1', '7-6-5-1', 'checked'], // hand limit 10
  ['8-3-2', '8-3-2', 'checked'], // <Blocker> once per attack
  ['8-3-3', '8-3-3', 'checked'], // the attacked Unit cannot use its own <Blocker>
  ['10-1-6-8', '10-1-6-8', 'checked'], // 【Burst】 resolves first
  ['11-4-2', '11-4-2', 'checked'], // battle area full: choose one to trash
  ['13-1-2-3', '13-1-2-3', 'checked'], // <Breach> even when both are destroyed
  ['3-4-6-3', '3-4-6-3', 'checked'], // a Pilot while paired, a Command elsewhere
  ['8-4-1', '8-4-1', 'checked'], // both cite 9 (action steps) once the English "See 8." is repaired
  ['12-3-14', '12-3-14', 'uncertain'], // the Japanese gives only the procedure English 12-3-14-1 words
  ['12-3-14-1', null, null], // pairing a Pilot only with your own Unit: no English rule
  ['3-4-6-4', null, null], // a paired Command's command effect: not in the English
  ['7-5-2-2-3', '7-5-2-2', 'checked'], // the four steps merged into one paragraph
];

describe('EN↔JA links', () => {
  it.each(SAMPLE)('Japanese %s links to English %s (%s)', (jaId, enId, confidence) => {
    const j = ja(jaId);
    expect(j.counterpart?.id ?? null).toBe(enId);
    if (enId === null) {
      expect(j.counterpart_note).toMatch(/^corrected: /);
      return;
    }
    expect(j.counterpart!.confidence).toBe(confidence);
    if (confidence === 'uncertain') expect(j.counterpart!.reason).toBeTruthy();
    // The English side links back, with the same confidence.
    expect(en(enId).counterpart).toMatchObject({ id: jaId, confidence });
  });

  it('the English rules a corrected link left have no Japanese counterpart and say why', () => {
    for (const id of ['12-3-14-1', '3-4-6-4', '7-5-2-2-3']) {
      expect(en(id).counterpart, id).toBeNull();
      expect(en(id).counterpart_note, id).toMatch(/^corrected: Japanese /);
    }
    expect(LINK_CORRECTIONS.map((c) => c.ja).sort()).toEqual(['12-3-14-1', '3-4-6-4', '7-5-2-2-3']);
  });

  it('every link carries a confidence, and an uncertain one its reason', () => {
    let uncertain = 0;
    for (const d of ['gundam-cr-en', 'gundam-cr-ja']) {
      for (const r of store.recordsOf(d)) {
        if (!r.counterpart) continue;
        expect(r.counterpart.confidence, `${d} ${r.id}`).toMatch(/^(checked|uncertain)$/);
        if (r.counterpart.confidence === 'uncertain') {
          uncertain++;
          expect(r.counterpart.reason, `${d} ${r.id}`).toBeTruthy();
        }
      }
    }
    // Few: most links agree on everything both print alike.
    expect(uncertain).toBeGreaterThan(0);
    expect(uncertain).toBeLessThan(60);
  });
});
