/**
 * A card's names: the printed one, plus any "This card's name is also treated as [X]" gives it
 * (2-2-4). They count wherever the card is, for link conditions (3-2-6-4) and name references.
 */
import type { CardFace } from './state.js';

export function cardNames(face: CardFace): string[] {
  const names = [face.pilotName ?? face.name];
  if (face.pilotName && face.pilotName !== face.name) names.push(face.name);
  for (const a of face.abilities) {
    if (a.kind !== 'constant') continue;
    for (const c of a.effects) if (c.type === 'also-named') names.push(...c.names);
  }
  return names;
}
