import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromMarkdown, type CorpusData } from '../../src/corpus/load.js';
import type { CardRecord } from '../../src/corpus/types.js';
import { loadOfficial, printingId } from '../../tools/corpus/cards.js';

const root = path.resolve(import.meta.dirname, '..', '..');
let corpus: CorpusData;
let byId: Map<string, CardRecord>;
const card = (id: string): CardRecord => {
  const c = byId.get(id);
  if (!c) throw new Error(`no card ${id}`);
  return c;
};

beforeAll(() => {
  corpus = loadCorpusFromMarkdown();
  byId = new Map(corpus.cards.map((c) => [c.id, c]));
});

describe('card catalog', () => {
  it('holds every one of the 1060 printings of the seed catalog', () => {
    const seed = fs.readFileSync(path.join(root, 'corpus/sources/000_2fda1a0a7e07f200.txt'), 'utf8');
    const ids = [...seed.slice(seed.indexOf('## Cards 1060')).matchAll(/\[([A-Z][A-Z0-9]*-[A-Za-z0-9]+(?:-p\d+)?)\] \|/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(1060);
    expect(corpus.cards).toHaveLength(1060);
    for (const id of ids) expect(byId.has(id), id).toBe(true);
  });

  it('spot checks across sets and types', () => {
    expect(card('GD01-013')).toMatchObject({ name: 'Gundam', type: 'unit', color: 'blue', level: 4, cost: 2, ap: 3, hp: 4, set: 'BETA', token: false });
    expect(card('GD01-013').link).toEqual({ text: '[Amuro Ray]', names: ['Amuro Ray'], traits: [] });
    expect(card('ST01-010')).toMatchObject({ name: 'Amuro Ray', type: 'pilot', level: 4, cost: 1, ap: 2, hp: 1 });
    expect(card('ST01-014')).toMatchObject({ name: 'Unforeseen Incident', type: 'command', color: 'white', level: 3, cost: 1 });
    expect(card('ST01-015')).toMatchObject({ name: 'White Base', type: 'base', hp: 5 });
    expect(card('EXB-001')).toMatchObject({ name: 'EX Base', type: 'base', token: true, hp: 3 });
    expect(card('R-030')).toMatchObject({ name: 'Resource', type: 'resource', level: null, cost: null });
    expect(card('T-001')).toMatchObject({ name: 'Gundam', type: 'unit', token: true, ap: 3, hp: 3, traits: ['White Base Team'] });
    expect(card('EB01-002')).toMatchObject({ name: 'Hi-Nu Gundam (EX)', type: 'unit', level: 8, cost: 7, ap: 6, hp: 5 });
    expect(card('GD05-001')).toMatchObject({ name: 'V2 Gundam', type: 'unit' });
    expect(card('ST10-016')).toMatchObject({ name: 'Luna Mana & Carry Base', type: 'base' });
    expect(card('GD04-001').set).toBe('GD04');
  });

  it('links alternate printings to their base card', () => {
    expect(card('ST01-014-p4')).toMatchObject({ base_id: 'ST01-014', name: 'Unforeseen Incident', set: 'ST05' });
    expect(card('R-001-p2').base_id).toBe('R-001');
    const printings = card('GD01-001').printings.map((p) => p.id);
    expect(printings).toEqual(['GD01-001', 'GD01-001-p1', 'GD01-001-p2']);
    expect(card('GD01-001').printings[1]).toMatchObject({ source: 'official', rarity: 'LR +' });
  });

  it('joins multi-line text and keeps "-" as no text', () => {
    expect(card('ST01-014').text).toBe("【Burst】Activate this card's 【Main】.\n【Main】/【Action】Choose 1 enemy Unit. It gets AP-3 during this turn.");
    expect(card('GD01-013').text).toBe('');
  });

  it('restores keywords and amounts from the official data', () => {
    expect(card('GD01-034').keywords).toEqual([{ name: 'Breach', amount: 3, scope: 'conditional', source: 'official', when: 'paired' }]);
    expect(card('GD01-006').keywords).toEqual([expect.objectContaining({ name: 'Repair', amount: 1, scope: 'innate' })]);
    expect(card('GD01-072').keywords).toEqual([expect.objectContaining({ name: 'Blocker', amount: null, scope: 'innate' })]);
    expect(card('GD01-001').keywords).toEqual([expect.objectContaining({ name: 'Repair', amount: 1, scope: 'grants' })]);
    expect(card('GD01-034').sources.keywords).toBe('official');
  });

  it('names stripped keywords of seed-only cards from their reminder text, never inventing an amount', () => {
    const amatsu = card('EB01-006');
    expect(amatsu.text).toContain('It gains <Repair> during this turn.');
    expect(amatsu.keywords).toEqual([{ name: 'Repair', amount: null, scope: 'grants', source: 'seed-reminder', amount_lost: true }]);
    expect(amatsu.flags).toContain('keyword-amount-lost: <Repair>');
    expect(card('EB01-011').keywords).toEqual([{ name: 'Blocker', amount: null, scope: 'innate', source: 'seed-reminder' }]);
    const zudah = card('EB01-037');
    expect(zudah.flags.some((f) => f.startsWith('keyword-name-lost'))).toBe(true);
  });

  it('agrees with the official data on name, type, level, cost, AP, HP and keywords wherever it exists', () => {
    const { cards: official } = loadOfficial(path.join(root, 'corpus/sources/cards-official'));
    let compared = 0;
    for (const c of corpus.cards) {
      const o = official.get(c.id);
      if (!o) continue;
      compared++;
      expect(c.name, c.id).toBe(o.name);
      const type = o.cardType.toLowerCase().replace(' token', '').replace(/^ex /, '');
      expect(c.type, c.id).toBe(type);
      expect(c.level, c.id).toBe(o.level === '-' || o.level === null ? null : Number(o.level));
      expect(c.cost, c.id).toBe(o.cost);
      // The official data prints no AP for a Unit whose AP is 0: the seed's value is kept and flagged.
      if (o.ap === null && c.flags.some((f) => f.startsWith('official-ap-missing'))) expect(c.ap).toBe(0);
      else expect(c.ap, c.id).toBe(o.ap);
      if (o.hp === null && c.flags.some((f) => f.startsWith('official-hp-missing'))) expect(typeof c.hp).toBe('number');
      else expect(c.hp, c.id).toBe(o.hp);
      // GD02-053 prints "[Suppression] (Damage to Shields …)": a keyword in square brackets, followed by its reminder text.
      const officialKeywords = [...(o.effect ?? '').matchAll(/<([A-Za-z -]+?)(?: (\d+))?>|^\[([A-Za-z -]+?)\](?= \()/gm)].map((m) => `${m[1] ?? m[3]}${m[2] ?? ''}`);
      expect(c.keywords.map((k) => `${k.name}${k.amount ?? ''}`).sort(), c.id).toEqual([...new Set(officialKeywords)].sort());
    }
    expect(compared).toBe(782);
  });

  it('resolves every official printing id to a card', () => {
    const { cards: official } = loadOfficial(path.join(root, 'corpus/sources/cards-official'));
    const printingIds = new Set(corpus.cards.flatMap((c) => c.printings.map((p) => p.id)));
    for (const id of official.keys()) expect(printingIds.has(printingId(id)), id).toBe(true);
  });

  it('records where each field came from and what disagreed', () => {
    expect(card('GD01-013').sources).toMatchObject({ name: 'seed+official', ap: 'seed+official', link: 'official', set: 'seed' });
    expect(card('EB01-002').sources.text).toBe('seed');
    expect(card('ST01-015').differences).toEqual([
      { field: 'traits', seed: ['earth federation', 'white base team', 'battleship'], official: ['Earth Federation', 'White Base Team', 'Warship'] },
    ]);
    expect(card('GD01-048')).toMatchObject({ ap: 0 });
    expect(card('GD01-048').flags[0]).toMatch(/official-ap-missing/);
  });

  it('lists the sets', () => {
    const codes = corpus.sets.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['GD01', 'GD05', 'ST01', 'ST10', 'EB01', 'BETA', 'R', 'T']));
    expect(corpus.sets.reduce((n, s) => n + s.printings, 0)).toBe(1060);
    expect(corpus.sets.find((s) => s.code === 'GD01')!.name).toBe('Newtype Rising [GD01]');
  });
});
