/**
 * Every rule number the engine names, in its code (strings and comments) and in its answers, must
 * exist in the English Comprehensive Rules 1.7.0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYWORDS } from '../../src/corpus/keywords.js';
import { EXTRA_RULINGS } from './scenarios.js';
import { citedRules, jaRuleIds, readJsonl, ruleIds, sim } from './helpers.js';
import type { RulingCase } from './checker.js';

const engineDir = path.resolve(import.meta.dirname, '..', '..', 'src', 'engine');
const RULE_REF = /(?<![\w.-])\d{1,2}(?:-\d{1,2}){1,5}(?![\w-])/g;

describe('cited rule numbers exist in gundam-cr-en', () => {
  it('the corpus is loaded with the rule records', () => {
    expect(ruleIds().size).toBeGreaterThan(500);
    expect(ruleIds().has('8-5-3-2-3')).toBe(true);
  });

  it('every rule number written in src/engine exists (strings and comments)', () => {
    const missing: string[] = [];
    let found = 0;
    for (const file of fs.readdirSync(engineDir).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(engineDir, file), 'utf8');
      for (const m of text.matchAll(RULE_REF)) {
        found++;
        if (!ruleIds().has(m[0])) missing.push(`${file}: ${m[0]}`);
      }
    }
    expect(found).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('the keyword table rules the engine quotes in messages exist', () => {
    for (const k of KEYWORDS) expect(ruleIds().has(k.rule), k.name).toBe(true);
  });

  it('every rule cited by every example and scenario answer exists', () => {
    const cases = [...readJsonl<RulingCase>(path.join(import.meta.dirname, 'fixtures', 'rulings-dev.jsonl')), ...EXTRA_RULINGS];
    const missing = new Set<string>();
    for (const c of cases) for (const r of citedRules(sim(c.input))) if (!ruleIds().has(r) && !jaRuleIds().has(r)) missing.add(`${c.name}: ${r}`);
    expect([...missing]).toEqual([]);
  });

  it('a Japanese rule the English has no counterpart for is cited as "JA <id>" and exists in gundam-cr-ja (5-22 バトル)', () => {
    expect(jaRuleIds().has('JA 5-22-p2')).toBe(true);
    expect(ruleIds().has('5-22')).toBe(false);
    const engineJa = new Set<string>();
    for (const file of fs.readdirSync(engineDir).filter((f) => f.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(engineDir, file), 'utf8').matchAll(/'(JA [\w-]+)'/g)) engineJa.add(m[1]!);
    }
    expect(engineJa.size).toBeGreaterThan(0);
    expect([...engineJa].filter((r) => !jaRuleIds().has(r))).toEqual([]);
  });
});
