import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import type { RuleRecord } from '../../src/corpus/types.js';

let corpus: CorpusData;
const rule = (doc: string, id: string): RuleRecord => {
  const r = corpus.records.find((x) => x.document === doc && x.id === id);
  if (!r) throw new Error(`no ${doc} ${id}`);
  return r;
};
const en = (id: string) => rule('gundam-cr-en', id);
const ja = (id: string) => rule('gundam-cr-ja', id);

beforeAll(() => {
  corpus = loadCorpusFromMarkdown();
});

describe('documents', () => {
  it('lists every source document with its metadata', () => {
    const ids = corpus.documents.map((d) => d.id).sort();
    expect(ids).toEqual([
      'gundam-cr-en', 'gundam-cr-ja', 'gundam-errata-en', 'gundam-floor-rules-en', 'gundam-glossary-en',
      'gundam-tournament-rules-en', 'gundam-unofficial-v1-en', 'gundam-war-errata-en', 'gundam-war-rulebook-en',
    ]);
    for (const d of corpus.documents) {
      for (const k of ['id', 'game', 'kind', 'language', 'version', 'authority', 'source'] as const) expect(d[k], `${d.id}.${k}`).toBeTruthy();
      expect(d).toHaveProperty('date');
    }
    const byId = Object.fromEntries(corpus.documents.map((d) => [d.id, d]));
    expect(byId['gundam-cr-en']).toMatchObject({ version: '1.7.0', date: '2026-05-22', language: 'en', authority: 'official' });
    expect(byId['gundam-cr-ja']).toMatchObject({ version: '1.10.0', language: 'ja' });
    expect(byId['gundam-unofficial-v1-en']).toMatchObject({ authority: 'unofficial', version: '1.0.0', date: '2026-02-18' });
    expect(byId['gundam-war-rulebook-en']!.game).toBe('gundam-war');
    expect(byId['gundam-war-errata-en']!.game).toBe('gundam-war');
    expect(byId['gundam-tournament-rules-en']).toMatchObject({ kind: 'tournament', date: '2025-07-10' });
    expect(byId['gundam-floor-rules-en']).toMatchObject({ kind: 'tournament', version: '1.1.0', date: '2025-11-19' });
    expect(byId['gundam-errata-en']!.kind).toBe('errata');
  });
});

describe('Comprehensive Rules EN 1.7.0', () => {
  it('has every numbered rule, counted per chapter', () => {
    const rules = corpus.records.filter((r) => r.document === 'gundam-cr-en' && /^\d/.test(r.id));
    const perChapter: Record<string, number> = {};
    for (const r of rules) perChapter[r.id.split('-')[0]!] = (perChapter[r.id.split('-')[0]!] ?? 0) + 1;
    expect(perChapter).toEqual({
      '1': 21, '2': 61, '3': 51, '4': 50, '5': 91, '6': 26, '7': 47, '8': 36, '9': 11, '10': 54, '11': 20, '12': 31, '13': 70,
    });
    expect(rules).toHaveLength(569);
  });

  it('keeps structure: parent, children and heading path', () => {
    const r = en('8-5-2-3-1');
    expect(r.parent).toBe('8-5-2-3');
    expect(r.path).toEqual(['8. Attacking and Battles', '8-5. Damage Step', '8-5-2. Attack on a Player', '8-5-2-3']);
    expect(en('8-5').children).toEqual(['8-5-1', '8-5-2', '8-5-3', '8-5-4']);
    expect(en('13-2-13-2').parent).toBe('13-2-13');
    expect(en('5-17-3-1').heading).toBe('EX Base');
  });

  it('does not mistake a number inside a reference for a rule', () => {
    const ids = new Set(corpus.records.filter((r) => r.document === 'gundam-cr-en').map((r) => r.id));
    expect(ids.has('12-2-5')).toBe(true); // the real 12-2-5 (battle royale victory conditions)
    expect(en('12-2-5').text).toMatch(/winner takes all/);
    expect(en('8-5-2-3-1').text).toContain('(See 13-2-5. 【Burst】)');
  });

  it('corrects the cross-references the source left one number behind, and says so on the record', () => {
    // Chapter 12 (multiplayer) and section 5-17 were inserted; these references kept the old numbers.
    const fixed: [string, string, string][] = [
      ['3-4-7', '12-2-5', '(See 13-2-5. 【Burst】)'],
      ['8-5-2-4-2', '12-1-5', '(See 13-1-5. <First Strike>)'],
      ['8-6-2', '6-5', '(See 7-5. Main Phase)'],
      ['8-4-1', '8', '(See 9. Action Steps)'],
      ['2-7-1', '7', '(See 8. Attacking and Battles)'],
      ['5-5-1', '5-17', '(See 5-18. Counters)'],
      ['13-2-1-1', '9-1-7', '(see 10-1-7)'],
    ];
    for (const [id, printed, now] of fixed) {
      const r = en(id);
      expect(r.text, id).toContain(now);
      expect(r.repairs, id).toContainEqual(expect.objectContaining({ kind: 'reference-renumbered', detail: expect.stringContaining(`printed as ${printed}`) }));
      expect(r.cites.find((c) => c.cited === printed)?.discrepancy, id).toBeTruthy();
    }
    // The whole class: every reference the build can tell is off by one insertion is corrected, and
    // every reference left in the text names a rule whose title matches what it prints.
    const titleOf = (id: string) => (en(id).heading ?? en(id).text).toLowerCase();
    for (const r of corpus.records.filter((x) => x.document === 'gundam-cr-en' && !x.id.startsWith('history'))) {
      for (const c of r.cites) {
        if (!c.target || !c.title) continue;
        const printedInText = new RegExp(`(?<![\\d-])${c.cited.replace(/-/g, '\\-')}[.]?\\s*${c.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(r.text);
        if (c.discrepancy) expect(printedInText, `${r.id} still prints ${c.cited}`).toBe(false);
        else expect(titleOf(c.target), `${r.id} -> ${c.target}`).toContain(c.title.toLowerCase().replace(/s$/, ''));
      }
    }
    expect(corpus.records.filter((x) => x.document === 'gundam-cr-en').flatMap((x) => x.repairs).filter((x) => x.kind === 'reference-renumbered')).toHaveLength(11);
    expect(en('8-6-2').restored).toBe(false); // a renumbered reference is not a restored keyword name
  });

  it('restores the lost keyword names in headings and text', () => {
    expect(en('13-1-5').heading).toBe('<First Strike>');
    const headings = ['13-1-1', '13-1-2', '13-1-3', '13-1-4', '13-1-5', '13-1-6', '13-1-7', '13-1-8'].map((id) => en(id).heading);
    expect(headings).toEqual(['<Repair>', '<Breach>', '<Support>', '<Blocker>', '<First Strike>', '<High-Maneuver>', '<Suppression>', '<Development>']);
    expect(en('8-3-1').text).toBe(
      'The standby player may activate <Blocker> on one of their active Units in the battle area. When activated, this effect changes the attack target of the attacking Unit to the Unit with <Blocker>.',
    );
    expect(en('13-1-1-2').text).toContain('Ex: If a Unit with <Repair 1> gains <Repair 2>, the effect on that Unit becomes <Repair 3>.');
    expect(en('13-1-6-1').text).toContain('enemy Units cannot activate <Blocker>.');
    expect(en('5-1-2').text).toBe('Some effects are keyword effects such as <Support> and <Blocker>.');
    expect(en('8-3-1').restored).toBe(true);
    expect(en('8-3-1').repairs[0]).toMatchObject({ kind: 'keyword-restored' });
  });

  it('leaves no dangling keyword holes or empty headings', () => {
    for (const r of corpus.records.filter((x) => x.document === 'gundam-cr-en')) {
      expect(r.text, r.id).not.toMatch(/\b(?:gains|with|has|of|activate) [.,]/);
      expect(r.text, r.id).not.toMatch(/^is a keyword effect|\(See [\d-]+\. \)/);
      if (r.heading !== null) expect(r.heading.trim(), r.id).not.toBe('');
    }
  });

  it('resolves cross-references, following the title where the printed number is wrong', () => {
    expect(en('8-5-2-3-1').cites).toEqual([
      expect.objectContaining({ cited: '12-2-5', title: '【Burst】', target: '13-2-5', discrepancy: expect.stringContaining('13-2-5') }),
    ]);
    expect(en('1-2-3').cites).toEqual([{ cited: '11', title: 'Rules Management', target: '11' }]);
    expect(en('8-5-2-4-2').cites[0]).toMatchObject({ cited: '12-1-5', target: '13-1-5' });
    expect(en('2-7-1').cites[0]).toMatchObject({ cited: '7', target: '8' });
    expect(en('13-2-1-1').cites[0]).toMatchObject({ cited: '9-1-7', target: '10-1-7' });
    const ids = new Set(corpus.records.filter((r) => r.document === 'gundam-cr-en').map((r) => r.id));
    for (const r of corpus.records.filter((x) => x.document === 'gundam-cr-en')) {
      for (const c of r.cites) expect(c.target === null || ids.has(c.target), `${r.id} -> ${c.target}`).toBe(true);
    }
  });

  it('keeps the change history', () => {
    const h = en('history-1.7.0');
    expect(h.heading).toBe('Ver. 1.7.0 (May 22, 2026) Update');
    expect(h.text).toContain('13-1-8. Added');
    expect(en('history').children).toHaveLength(8);
  });
});

describe('Comprehensive Rules JA 1.10.0', () => {
  it('numbers sections and infers paragraph numbers against the English sections', () => {
    expect(ja('8-5').heading).toBe('ダメージステップ');
    expect(ja('8-5').alignment).toBe('numbered');
    expect(ja('8-5-2-3-1').text).toMatch(/^ダメージを１以上受けたシールドは破壊され/);
    expect(ja('8-5-2-3-1').alignment).toBe('inferred');
    expect(ja('8-5-2-3-1').counterpart).toMatchObject({ document: 'gundam-cr-en', id: '8-5-2-3-1' });
    expect(en('8-5-2-3-1').counterpart).toMatchObject({ document: 'gundam-cr-ja', id: '8-5-2-3-1' });
    expect(ja('13-1-4-1').text).toMatch(/^《ブロッカー》とは/);
    expect(ja('1-2-2-1').text).toMatch(/シールドエリアにカードが１枚もない状態/);
  });

  it('marks what does not line up with the older English copy', () => {
    const unaligned = corpus.records.filter((r) => r.document === 'gundam-cr-ja' && r.alignment === 'unaligned');
    expect(unaligned.map((r) => r.id)).toEqual(expect.arrayContaining(['5-22-p1', '13-1-5-p1', '12-2-p1']));
    expect(ja('5-22').counterpart).toBeNull();
    expect(ja('13-1-5-p1').parent).toBe('13-1-5');
    // Sections whose counts differ are matched by content, and say so.
    expect(ja('6-2-1-2').alignment).toBe('matched');
    expect(ja('6-2-1-2').text).toMatch(/シャッフル/);
  });

  it('links most paragraphs to an English rule', () => {
    const paras = corpus.records.filter((r) => r.document === 'gundam-cr-ja' && !r.id.startsWith('history'));
    const linked = paras.filter((r) => r.counterpart);
    expect(linked.length / paras.length).toBeGreaterThan(0.95);
  });
});

describe('glossary', () => {
  it('has one record per term, keyword terms restored', () => {
    const g = corpus.records.filter((r) => r.document === 'gundam-glossary-en');
    expect(rule('gundam-glossary-en', 'support')).toMatchObject({ heading: '<Support>', text: 'Keyword effect that buffs allied Units.' });
    expect(rule('gundam-glossary-en', 'high-maneuver').text).toBe('While attacking, enemy Units cannot activate <Blocker>.');
    expect(rule('gundam-glossary-en', 'block-step').text).toBe('Standby player may activate <Blocker>.');
    expect(rule('gundam-glossary-en', 'link-unit').parent).toBe('pair-and-link-terms');
    expect(g.filter((r) => r.parent !== null).length).toBeGreaterThanOrEqual(50);
  });
});

describe('tournament documents', () => {
  it('has one record per numbered section of the manual and per infraction and match structure, table of contents dropped', () => {
    const m = corpus.records.filter((r) => r.document === 'gundam-tournament-rules-en');
    const ids = m.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['1.0', '2.4', '2.4.1', '2.4.1.1', '2.6', '4.10', '7.4.3', '8.5']));
    // 75 numbered sections, plus the items built from them: 22 infractions of 7.4.1-7.4.3 and the 4 match structures of 3.5.
    const items = m.filter((r) => /^7\.4\.[1-3]\.\d+$|^3\.5\.\d$/.test(r.id));
    expect(items).toHaveLength(26);
    expect(m.filter((r) => r.id !== 'preface')).toHaveLength(75 + items.length);
    expect(rule('gundam-tournament-rules-en', '2.4.1').heading).toBe('Cards');
    expect(rule('gundam-tournament-rules-en', '2.4.1').parent).toBe('2.4');
    expect(rule('gundam-tournament-rules-en', '2.4').parent).toBe('2.0');
    for (const r of m) expect(r.text, r.id).not.toMatch(/\.{5,}/);
    // Page numbers printed in the PDF are gone: "Repeated 9 warnings" in the floor rules, "event. 5 This" here.
    expect(rule('gundam-tournament-rules-en', '1.2').text).not.toMatch(/event\. 5 This/);
    expect(rule('gundam-floor-rules-en', 'section-12.2').text).toContain('Repeated warnings may result');
  });

  it('keeps the floor rules as a document of their own', () => {
    expect(rule('gundam-floor-rules-en', 'section-6').heading).toBe('Section 6: Sleeves');
    // 13 sections; the three parts of Section 8 and the four penalties of Section 12 are records of their own.
    expect(corpus.records.filter((r) => r.document === 'gundam-floor-rules-en')).toHaveLength(13 + 3 + 4);
    expect(rule('gundam-floor-rules-en', 'section-8.2')).toMatchObject({ heading: 'II. Time Limits', parent: 'section-8' });
    expect(rule('gundam-floor-rules-en', 'section-8.3').text).toMatch(/^When a player looks at a deck for a card's effect/);
    expect(rule('gundam-floor-rules-en', 'section-12.4')).toMatchObject({ heading: '④ Disqualification', parent: 'section-12' });
    // The section keeps its introduction, which names the items ("① through ④") without being split there.
    expect(rule('gundam-floor-rules-en', 'section-12').text).toMatch(/penalties ① through ④ are provided simply to illustrate/);
    expect(rule('gundam-floor-rules-en', 'section-12').children).toEqual(['section-12.1', 'section-12.2', 'section-12.3', 'section-12.4']);
  });
});

describe('other documents', () => {
  it('keeps the errata note, Gundam War and the unofficial document apart', () => {
    const errata = rule('gundam-errata-en', 'status').text;
    expect(errata).toMatch(/holds no published errata/);
    expect(errata).not.toMatch(/tcg-engines|export|repository/);
    expect(rule('gundam-war-rulebook-en', '2.3.3').heading).toBe('Battle Phase');
    expect(rule('gundam-war-errata-en', 'master:U-Z4').text).toBe('Cost should be 1/3/1.');
    expect(rule('gundam-war-errata-en', 'numbering:U-E14').text).toBe('Card number should be U-E28.');
    expect(rule('gundam-war-errata-en', 'master:SPC-4').heading).toBe('SPC-4 Will To Resist');
    expect(rule('gundam-unofficial-v1-en', '1.1').text).toMatch(/base HP \(typically 20\)/);
  });
});
