/**
 * Splits the English knowledge bundle (source 000) into its parts. The bundle is flattened: whole
 * documents sit on one line, so the parts are found by the headings the bundle itself prints.
 */

export interface BundleParts {
  rules: string;
  changes: string;
  glossary: string;
  errata: string;
  tournamentManual: string;
  floorRules: string;
  cards: string;
}

function between(text: string, start: string, end: string | null, from = 0): { body: string; end: number } {
  const i = text.indexOf(start, from);
  if (i < 0) throw new Error(`bundle: cannot find "${start}"`);
  const j = end === null ? text.length : text.indexOf(end, i + start.length);
  if (j < 0) throw new Error(`bundle: cannot find "${end}" after "${start}"`);
  return { body: text.slice(i + start.length, j), end: j };
}

export function splitBundle(source: string): BundleParts {
  const rules = between(source, '## Comprehensive Rules ', '### Ver. 1.7.0 (');
  const changes = between(source, '### Ver. 1.7.0 (', '## Glossary ', rules.end);
  const glossary = between(source, '# Gundam Glossary ', '## Errata & Rulings ', changes.end);
  const errata = between(source, '# Errata & Rulings ', '## Gundam Organized Play Tournament Rules ', glossary.end);
  const tournament = between(source, '## Gundam Organized Play Tournament Rules ', '## Cards 1060 cards.', errata.end);
  const floorMarker = '--- Local source: submodules/gundam/.agents/skills/gundam-tcg-rules/references/tournament-policy/tournament-rules.md';
  const k = tournament.body.indexOf(floorMarker);
  if (k < 0) throw new Error('bundle: cannot find the floor rules inside the tournament part');
  const cards = between(source, '## Cards 1060 cards.', null, tournament.end);
  return {
    rules: rules.body,
    changes: '### Ver. 1.7.0 (' + changes.body,
    glossary: glossary.body,
    errata: errata.body,
    tournamentManual: tournament.body.slice(0, k),
    floorRules: tournament.body.slice(k + floorMarker.length),
    cards: cards.body,
  };
}

/** Collapses runs of whitespace (the bundle's line wrapping) into single spaces. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
