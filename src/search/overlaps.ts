/**
 * Where the two tournament documents speak about the same thing. The Tournament Rules Manual and
 * the Sanctioned Tournament Floor Rules are separate documents with their own procedures, and on
 * some topics they disagree; a search that shows only one of them gives half an answer. This is a
 * map of the documents (each pair found by reading both, the difference stated from their text),
 * not of questions: it changes only when a document does.
 */

export interface TournamentOverlap {
  topic: string;
  /** Record ids in the Floor Rules. */
  floor: string[];
  /** Record ids in the Tournament Rules Manual. */
  manual: string[];
  /** How they differ, from the documents' text. */
  differs: string;
}

export const FLOOR_RULES = 'gundam-floor-rules-en';
export const TOURNAMENT_MANUAL = 'gundam-tournament-rules-en';

export const TOURNAMENT_OVERLAPS: TournamentOverlap[] = [
  {
    topic: 'penalties',
    floor: ['section-12', 'section-12.1', 'section-12.2', 'section-12.3', 'section-12.4'],
    manual: ['7.2', '7.0', '7.3'],
    differs:
      'the Floor Rules (Section 12) name Caution, Warning, Forfeit and Disqualification; the Tournament Rules Manual (7.2) names Caution, Warning, Game Loss, Match Loss and Disqualification, with infraction examples in 7.4',
  },
  {
    topic: 'time limits and extra turns',
    floor: ['section-8.2', 'section-8'],
    manual: ['5.2', '3.5'],
    differs:
      'both add turns when time runs out (3 in the first player\'s turn, 2 in the second\'s), but the Manual (5.2) counts the current turn as turn 0, limits extra turns to 5 minutes and ends in a double game loss after its tie-breakers, while the Floor Rules (Section 8) add the turns after the current one and say both players lose when the event\'s scheduled end arrives',
  },
  {
    topic: 'conceding, dropping and withdrawing',
    floor: ['section-10'],
    manual: ['6.0', '4.15'],
    differs:
      'the Floor Rules (Section 10) require a judge\'s or staff member\'s permission to withdraw and count a withdrawal after pairings as a forfeit; the Manual has players notify the Scorekeeper before the next pairings (6.0), counts a drop after the round list is posted as a concession, and lets players concede at any time before the result (4.15)',
  },
  {
    topic: 'taking back an action',
    floor: ['section-2'],
    manual: ['2.7'],
    differs:
      'the Manual (2.7) says a move is committed once announced or once the hand leaves the card, is not to be retracted, and a legal verbal statement overrules the action; the Floor Rules (Section 2) say revoking a legal action is generally not permitted and to call a judge when an opponent revises one without consent',
  },
  {
    topic: 'agreeing on results',
    floor: ['section-11'],
    manual: ['4.17', '4.15'],
    differs:
      'the Floor Rules (Section 11) forbid deciding or falsifying a result with the opponent; the Manual also forbids intentional draws (4.17) and concessions for compensation (4.15), and says matches cannot end in a draw outside End of Round procedures',
  },
];

export interface OverlapNote {
  topic: string;
  floor: string;
  manual: string;
  note: string;
}

/** The note a result carries when it shows both documents on one of these topics. */
export function overlapNote(o: TournamentOverlap, floorId: string, manualId: string): OverlapNote {
  return {
    topic: o.topic,
    floor: floorId,
    manual: manualId,
    note: `The Floor Rules and the Tournament Rules Manual both cover ${o.topic} and differ: read both. In short, ${o.differs}.`,
  };
}
