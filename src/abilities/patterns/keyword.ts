/** Keyword tokens in effect text: "<Repair 1>", "<High-Maneuver>". */
import type { IrKeyword, IrKeywordInstance } from '../ir.js';
import { Unread } from './unread.js';

const NAMES: Record<string, IrKeyword> = {
  repair: 'Repair',
  breach: 'Breach',
  support: 'Support',
  blocker: 'Blocker',
  'first strike': 'First Strike',
  'high-maneuver': 'High-Maneuver',
  suppression: 'Suppression',
};
/** The keywords that take an amount (13-1-1, 13-1-2, 13-1-3). */
const WITH_AMOUNT = new Set<IrKeyword>(['Repair', 'Breach', 'Support']);

export const KEYWORD_SRC = '<[A-Za-z][A-Za-z -]*?(?: \\d+)?>';

/**
 * "<Breach 3>" → {name, amount}. A <Repair>, <Breach> or <Support> printed without its amount lost
 * it in the source (the publisher always prints one): it is read with amount null, and the engine
 * leaves the outcome open where that amount matters (src/engine/abilities.ts).
 */
export function parseKeyword(token: string): IrKeywordInstance {
  const m = /^<([A-Za-z][A-Za-z -]*?)(?: (\d+))?>$/.exec(token.trim());
  const name = m ? NAMES[m[1]!.toLowerCase()] : undefined;
  if (!m || !name) throw new Unread(token, 'no-pattern', `unknown keyword ${token}`);
  const amount = m[2] !== undefined ? Number(m[2]) : null;
  if (!WITH_AMOUNT.has(name) && amount !== null) throw new Unread(token, 'no-pattern', `<${name}> takes no amount`);
  return { name, amount };
}

/** A keyword named as a property ("enemy Unit with <Blocker>"): the amount does not matter. */
export function parseKeywordName(token: string): IrKeyword {
  const m = /^<([A-Za-z][A-Za-z -]*?)>$/.exec(token.trim());
  const name = m ? NAMES[m[1]!.toLowerCase()] : undefined;
  if (!name) throw new Unread(token, 'no-pattern', `unknown keyword ${token}`);
  return name;
}

export function renderKeyword(k: IrKeywordInstance): string {
  return `<${k.name}${k.amount !== null ? ` ${k.amount}` : ''}>`;
}
