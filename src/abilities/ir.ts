/**
 * The ability IR: what a card's effect text means, compiled once by the corpus build
 * (src/abilities/compile.ts) and run by the engine (src/engine/resolve.ts). This file is the
 * contract between the two: the compiler only emits what is typed here, and the engine handles
 * every case (its switches are exhaustive), so an ability whose status is "executes" really runs.
 *
 * Plain JSON data only (it is stored in corpus/cards/cards.json).
 */

/** The keyword effects of 13-1 (the names the engine knows). */
export type IrKeyword = 'Repair' | 'Breach' | 'Support' | 'Blocker' | 'First Strike' | 'High-Maneuver' | 'Suppression';

export interface IrKeywordInstance {
  name: IrKeyword;
  amount: number | null;
}

/** A comparison on a number: "Lv.4 or lower" = {op:'<=', value:4}; "Lv.3" = {op:'=', value:3}. */
export interface Cmp {
  op: '<=' | '>=' | '=';
  value: number;
}

/** Whose cards: "friendly"/"your" = the ability's controller, "enemy" = the opponent, "any" = both. */
export type Side = 'friendly' | 'enemy' | 'any';

/**
 * What cards a selector or condition looks at. Every field is a further restriction (AND); lists
 * are alternatives (OR): traits ["Zeon","Neo Zeon"] = "(Zeon)/(Neo Zeon)".
 */
export interface Filter {
  side: Side;
  /** Card type; in the battle area this is 'unit' (or 'base'); in trash/hand/deck any type. */
  type?: 'unit' | 'pilot' | 'command' | 'base' | 'unit-or-base';
  /** Any of these card types ("Unit card/Pilot card"); used instead of `type` outside the battle area. */
  types?: ('unit' | 'pilot' | 'command' | 'base')[];
  /** "whose Lv. is equal to or lower than this Unit": compared with the ability's own card's Lv. */
  levelVsSelf?: '<=' | '>=';
  /**
   * Added by the compiler (2 cards): "whose Lv. is equal to or lower than that Unit" / "… than the
   * Unit rested with this ability": compared with the Lv. of the Unit an earlier step of the same
   * effect picked ("Rest it. If you do, …"); with none picked nothing matches.
   */
  levelVsPrevious?: '<=' | '>=';
  /**
   * Added by the compiler (1 card): the same words ("whose Lv. is equal to or lower than that
   * Unit") in an ability whose trigger names a Unit and where no step picked one before ("When one
   * of your other Units with <Repair> attacks, choose 1 enemy Unit whose Lv. is …"): compared with
   * the Lv. of that Unit (the one that attacked), as it is now.
   */
  levelVsTrigger?: '<=' | '>=';
  /** "other"/"another": not the card the ability belongs to. */
  other?: boolean;
  traits?: string[];
  colors?: string[];
  level?: Cmp;
  cost?: Cmp;
  ap?: Cmp;
  hp?: Cmp;
  rested?: boolean;
  damaged?: boolean;
  keyword?: IrKeyword;
  /** Added by the compiler (1 card): "Unit card with <Repair>/<Breach>/…": a card that has any of these keywords (printed on it, 13-1). */
  keywordsAny?: IrKeyword[];
  paired?: boolean;
  linked?: boolean;
  /** Added by the compiler (1 card, wording only): a Link Unit printed "Linked Unit". */
  linkedWord?: true;
  token?: boolean;
  /** The card name contains this ("[Gundam]", "with \"Unicorn Mode\" in its card name"). */
  nameIncludes?: string;
  /**
   * Added by the compiler (1 card): "with \"Gundam Lfrith\" or \"Gundnode\" in their card name": a
   * name of the card contains one of these (2-2-3).
   */
  nameIncludesAny?: string[];
  /**
   * Added by the compiler (1 card, cards outside play only): "1 green (Earth Federation) Unit card/1
   * card with "AGE Device" in its card name": a card matching any of these (the other fields unset).
   */
  anyOf?: Filter[];
  /** Added by the compiler (1 card): "without \"Force Impulse Gundam\" in its card name": no name of the card contains this (2-2-3). */
  nameExcludes?: string;
  /** Added by the compiler (1 card): "a non-blue (Newtype) Pilot": none of these colours. */
  notColors?: string[];
  /** Added by the compiler (1 card): "with AP equal to or less than this Unit": compared with the ability's own Unit's current AP. */
  apVsSelf?: '<=' | '>=';
  /** Added by the compiler (1 card): "an active enemy Unit with a keyword effect": a Unit that has any keyword effect now (13-1). */
  anyKeyword?: true;
  /** Added by the compiler (1 card): "an enemy Unit with a 【Destroyed】 effect": a Unit whose text (or its Pilot's) has a 【Destroyed】 ability (13-2-8). */
  hasTiming?: 'Destroyed';
  /**
   * Added by the compiler (1 card), for type 'pilot' in the battle area: "Pilot paired with an enemy
   * Unit that is Lv.5 or lower": the Unit it is paired with matches this.
   */
  pairedWith?: Filter;
  /** Added by the compiler (1 card): "that is Lv.1 or lower or has 1 or less AP": Lv. `level` or AP `ap`, either one (the fields are not set then). */
  levelOrAp?: { level: Cmp; ap: Cmp };
  /** Added by the compiler (1 card): "paired with a Pilot that is Lv.3 or lower": the paired Pilot's Lv. */
  pilotLevel?: Cmp;
  /**
   * Added by the compiler (4 cards): "paired with a (Newtype) Pilot": a Unit in play whose paired
   * Pilot has one of these traits (2-5-5: the Pilot's traits, not the Unit's).
   */
  pilotTraits?: string[];
  /**
   * Added by the compiler (3 cards): "enemy Unit battling this Unit", "… battling a friendly Unit
   * with <Blocker>", "… that is battling one of your Units that is Lv.5 or higher": a Unit in play
   * that is in the current battle (the attacker or its attack target, JA 5-22-p1) against this
   * Unit (`self`) or a Unit matching `unit`. A former attack target is not battling (JA 5-22-p2).
   * `words` is the printed link ("battling a", "that is battling one of your"; wording only).
   */
  battling?: { self?: true; unit?: Filter; words: string };
  /**
   * Added by the compiler (1 card): "Choose 1 other Unit that is being attacked": the Unit that is
   * the attack target of the current battle (8-1, 8-3-2 after a block); none outside a battle.
   * Read where a choice is made (the engine's candidates), as `battling` is.
   */
  attacked?: true;
  /**
   * Added by the compiler (1 card): "non-battling Units": a Unit in play that is not in the
   * current battle (neither the attacking Unit nor its attack target, JA 5-22-p1); outside a
   * battle every Unit is non-battling.
   */
  notBattling?: true;
}

/**
 * A number read from the game when the effect applies (a constant: whenever it is recomputed,
 * 10-1-5-3): how many cards match. Added by the compiler (9 cards) with "for each …" and "equal to
 * the number of …"; the scaled amount is the printed one times this (none at 0, 1-3-2-2).
 */
export type Count =
  /** Units in play matching the filter, seen from the controller: "for each enemy Unit in play", "of your rested (CB) Units". */
  | { of: 'in-play'; filter: Filter }
  /**
   * Cards in the controller's trash matching the filter: "for each (AEUG) Unit card in your trash".
   * `unique` (added by the compiler, 1 card): "… with unique names in your trash": cards of one card
   * name count once (2-2-1).
   */
  | { of: 'in-trash'; filter: Filter; unique?: true }
  /** "for each 4 AP this Unit has": this Unit's AP divided by `per`, rounded down (1-3-6). */
  | { of: 'self-ap'; per: number }
  /** "the number of Units rested with this effect": the Units the step before picked that are now rested. */
  | { of: 'previous' }
  /**
   * Added by the compiler (1 card): "the number of (Minerva Squad) cards placed with this effect":
   * the cards this effect placed from the deck into the trash that match (a card the scenario did
   * not name is not known to match, as for 'placed-with-effect').
   */
  | { of: 'placed'; filter: Filter }
  /**
   * Added by the compiler (1 card): "an amount equal to the cost paid" in a 'pays-for-unit-effect'
   * ability: the number of Resources paid in the payment that triggered it (2-10-1).
   */
  | { of: 'paid' }
  /**
   * Added by the compiler (1 card): "Increase this Unit's AP by an amount equal to the amount of
   * damage it has received": the damage on this Unit now (5-5-1).
   */
  | { of: 'self-damage' };

/**
 * How a scaled amount was printed (wording only): absent = after the sentence ("… AP+2 for each
 * …"), 'leading' = before it ("For each …, it gets AP-1 …"), 'equal-to' = "… equal to the number of
 * …" (the printed amount is then 1: "Deal damage to it equal to …", "reduce its AP by an amount
 * equal to …", "Reduce the cost of this card … by an amount equal to …"), 'amount-equal-to' (1 card)
 * = "Deal an amount of damage equal to the number of … to that enemy Unit".
 */
export type CountWording = 'leading' | 'equal-to' | 'amount-equal-to';

/** Where the cards a selector picks from are. */
export type Zone = 'battle' | 'trash' | 'hand' | 'shields';

/** Who a selector or a step refers to. */
export type Selector =
  /** The card the ability belongs to ("this Unit", "this Base", "this card"). */
  | { type: 'self'; /** Wording only (1 card): printed "it" ("At the end of the turn when this Unit is paired with a Pilot, set it as active"). */ it?: true }
  /** The Pilot paired with this Unit. `card` (wording only): printed "the card paired with this Unit" (a Pilot or a Command with 【Pilot】, 3-4-6). */
  | { type: 'paired-pilot'; card?: true; /** Added by the compiler (1 card): "a blue Pilot paired with this Unit": only a Pilot matching this. */ filter?: Filter }
  /** The cards an earlier step of the same ability picked ("it", "them", "that Unit"). `words` (wording only): printed "the enemy Unit". */
  | { type: 'previous'; words?: 'the enemy Unit' }
  /**
   * The Unit this Unit is battling / the attacking Unit, in a battle-timed ability. Added by the
   * compiler in a constant (1 card): "During your opponent's turn, the enemy Unit battling this Unit
   * gains <First Strike>." There it is, while this Unit is in a battle (from the attack step to the
   * battle end step, 8-2 … 8-6), the enemy Unit in that battle (the attacker or the Unit it
   * attacks); nothing while this Unit is not battling.
   */
  | { type: 'battle-opponent' }
  /**
   * Added by the compiler (4 cards): "that enemy Unit" in a "when this Unit deals battle damage to an
   * enemy Unit" ability: the Unit it dealt that damage to (nothing once it has left play).
   */
  | { type: 'damaged-enemy'; /** Wording only: printed "the enemy Unit" (after "when your … Unit deals battle damage to an enemy Unit"). */ words?: 'the enemy Unit' }
  /**
   * Added by the compiler (1 card): "it" after "When a friendly (Clan) Unit links, ": the Unit that
   * linked. `words` (2 cards): "that friendly Unit" after "When a friendly (G Team) Unit destroys an
   * enemy Unit with battle damage, ": the Unit that destroyed it (nothing once it has left play);
   * (1 card) "the attacking Unit" after "When another Unit attacks an enemy Unit, ": the Unit that attacked.
   */
  | { type: 'trigger-unit'; words?: 'that friendly Unit' | 'the attacking Unit' | 'that Unit' }
  /**
   * A player's choice: "Choose 1 to 2 enemy Units with 3 or less HP". min 0 = "up to". `extreme`
   * (added by the compiler, 3 cards): "enemy Unit with the highest Lv." / "with the lowest HP": only
   * the matching cards whose value is the highest (lowest) among them can be chosen; with a tie the
   * controller chooses among the tied ones.
   */
  | {
      type: 'choose';
      min: number;
      max: number;
      filter: Filter;
      zone: Zone;
      extreme?: Extreme;
      /**
       * Added by the compiler (2 cards): "Your opponent chooses 1 of their active Units" (printed "All
       * enemy players each choose 1 of their active Units", 12-2-6): the opponent makes the choice
       * (its entry in `choices` is the opponent's decision), among the Units `filter` names.
       */
      chooser?: 'opponent';
    }
  /** Every matching card: "all enemy Units that are Lv.5 or lower". */
  | { type: 'all'; filter: Filter; zone: Zone };

/** "with the highest Lv." / "with the lowest HP": the stat (Lv., current AP or HP) and which end. */
export interface Extreme {
  stat: 'level' | 'ap' | 'hp';
  end: 'highest' | 'lowest';
}

/** A player relative to the ability's controller. */
export type Who = 'you' | 'opponent' | 'each';

export type Duration = 'turn' | 'battle';

/**
 * Added by the compiler: what an `immune` constant or step stops (10-1-5-6: an effect saying
 * something "can't" happen takes precedence over the effects that would make it happen).
 * - 'ap-reduction': "This Unit's AP can't be reduced by enemy effects": AP modifiers below zero
 *   (a modify step or a stats constant with ap < 0, "reduce its AP by N") from a source matching
 *   `from` do not apply to the target while the immunity lasts; increases still apply.
 * - 'destroy': "can't be destroyed by enemy effects": a destroy step of such a source does not
 *   move the target. Destruction by rules management after damage (11-3-1, 5-5-2) is not
 *   destruction by an effect, even when an effect dealt the damage.
 * - 'rest' / 'return-to-hand': a rest / return-to-hand step of such a source does nothing to the
 *   target (kept for the class; not emitted yet).
 */
export type Immunity = 'ap-reduction' | 'destroy' | 'rest' | 'return-to-hand';

/** One thing an ability does. */
export type Step =
  /** `forEach` (added by the compiler): the amount is `amount` times that count ("Deal 1 damage to it for each 4 AP this Unit has"). */
  | { do: 'damage'; target: Selector; amount: number; forEach?: Count; countWording?: CountWording }
  | { do: 'destroy'; target: Selector }
  | { do: 'rest'; target: Selector }
  | { do: 'set-active'; target: Selector }
  | { do: 'recover'; target: Selector; amount: number }
  /** `forEach` (added by the compiler): AP/HP times that count ("For each (AEUG) Unit card in your trash, it gets AP-1 during this turn"). */
  | { do: 'modify'; target: Selector; ap: number; hp: number; duration: Duration; forEach?: Count; countWording?: CountWording }
  | { do: 'grant'; target: Selector; keyword: IrKeywordInstance; duration: Duration }
  /** "It may choose an active enemy Unit (with filter) as its attack target during this turn." */
  | { do: 'allow-attack-active'; target: Selector; filter: Filter; duration: Duration }
  /** "It can't attack during this turn." */
  | { do: 'forbid-attack'; target: Selector; duration: Duration }
  /** `yours` (wording only): printed "to your hand" (the card is yours, so its owner's hand is yours). */
  | { do: 'return-to-hand'; target: Selector; yours?: true }
  /**
   * Added by the compiler (1 card): "Return it to the bottom of its owner's deck." The card (with its
   * Pilot, 3-3-6) goes under its owner's deck; a token leaves the game instead (5-17-2-5).
   */
  | { do: 'return-to-deck-bottom'; target: Selector }
  | { do: 'draw'; who: Who; count: number }
  /**
   * `filter` (added by the compiler, 5 cards): "Discard 1 green (Earth Federation) Unit card": only a
   * card in the hand matching it may be discarded; with none, nothing is discarded (1-3-2), so an
   * "If you do" after it fails (5-20-1).
   */
  | { do: 'discard'; who: Who; count: number; filter?: Filter }
  /** "Add 1 of your Shields to your hand." */
  | { do: 'shield-to-hand'; who: Who; count: number }
  /** 【Burst】 "Add this card to your hand." */
  | { do: 'self-to-hand' }
  /**
   * 【Burst】 "Deploy this card." (13-2-5-3 it moves from the trash/shield to the battle area).
   * `asUnit` (added by the compiler, 1 Pilot): "deploy it as an (AP3・HP3) Unit" (a 【Burst】's "you
   * may … instead", printed with "(Don't treat it as a Pilot.)"): the card is deployed as a Unit
   * with that AP and HP, not as a Pilot (no link condition, so never a Link Unit, 3-2-6); out of
   * play it is its own card again.
   */
  | { do: 'deploy-self'; asUnit?: { ap: number; hp: number } }
  /** "Deploy 1 rested [Name]((Trait)･AP3･HP1･<Blocker>) Unit token." */
  | {
      do: 'deploy-token';
      count: number;
      rested: boolean;
      token: {
        name: string;
        traits: string[];
        ap: number;
        hp: number;
        keywords: IrKeywordInstance[];
        /**
         * Added by the compiler (4 cards): the token's own printed text after its keywords, as
         * constants of the token (10-1-5; target self = the token): "[Parts]((League Militaire)･
         * AP1･HP1･This Unit can't choose the enemy player as its attack target)". Absent = none.
         */
        constants?: Constant[];
      };
    }
  /**
   * Added by the compiler (1 card): "Deploy 1 EX Base." An EX Base token (AP 0, HP 3, 5-17-3-1-1) is
   * deployed into the controller's base section; a Base already there is placed into the trash, not
   * destroyed (11-5-2, 11-5-2-1; a token leaves the game, 5-17-2-5).
   */
  | { do: 'deploy-ex-base' }
  /**
   * Added by the compiler (4 cards): "Choose 1 of your Resources. Set it as active." (`rested`:
   * "… of your rested Resources …", wording). A Resource is a card in the resource area (4-4); only a
   * rested one can be set active (1-3-2-1), so the controller's rested Resources become active, up
   * to `count`; with none rested nothing is done.
   */
  | {
      do: 'resource-active';
      count: number;
      rested?: true;
      /**
       * Added by the compiler (1 card): "All players each choose 1 of their Resources. Set them as
       * active.": each player, the controller first (1-3-4), sets up to `count` of their own rested
       * Resources active (an active one chosen would stay as it is, 1-3-2-1).
       */
      who?: 'each';
    }
  /** "Place 1 EX Resource." / "Place 1 rested Resource." */
  | { do: 'place-resource'; who: Who; count: number; ex: boolean; rested: boolean }
  /**
   * "Look at the top N cards of your deck. You may reveal 1 (filter) card among them and add it to
   * your hand. Return the remaining cards randomly to the bottom of your deck."
   */
  /**
   * `take.to` 'top' (added by the compiler, 4 cards): "Look at the top 2 cards of your deck and
   * return 1 to the top. Place the remaining card into your trash." / "… Return the remaining cards
   * to the bottom of your deck." (`printed` 'in-order': no "randomly", the player orders them) / "…
   * and return 1 to the top and 1 to the bottom" (`printed` 'and-bottom'): `take.max` cards the
   * player chooses (a `cards` choice when the deck is listed) stay on top, the rest go as `rest` says.
   */
  /**
   * `printed` 'or-trash' (added by the compiler, 1 card): "Look at the top card of your deck. Return
   * it to the top of your deck or place it into your trash.": the player keeps it on top or not
   * (take.max 1 of 1, none required); what is not kept goes to the trash.
   */
  /**
   * `who` 'each' (added by the compiler, 2 cards): "All players each look at the top card of their
   * deck. If it is a Unit card, they may reveal it and add it to their hand. They return any remaining
   * card to the top or bottom of their deck.": each player does it with their own deck, the
   * controller first (1-3-4), each with their own `cards` and `where` choices, in that order.
   */
  | { do: 'look-top'; count: number; take: { filter: Filter; max: number; to: 'hand' | 'deploy' | 'top' }; rest: 'bottom' | 'top-or-bottom' | 'trash'; printed?: 'in-order' | 'and-bottom' | 'reveal' | 'or-trash'; who?: 'each' }
  /**
   * Added by the compiler (1 card): "It may attack on the turn it is deployed." For the duration the
   * target may attack although it was deployed this turn (3-2-4 would forbid it unless linked; 1-3-1).
   */
  | { do: 'allow-deploy-turn-attack'; target: Selector; duration: Duration }
  /**
   * Added by the compiler (3 Commands with 【Pilot】): "After activating this card's 【Main】, you may
   * pair this card from your trash with one of your (MF) Units." Once the Command is in the trash
   * after its effect (3-4-4), its controller may pair it, as its 【Pilot】 (3-4-6-2), with a friendly
   * Unit matching `filter` that has no Pilot (3-3-4); no cost is paid (an effect pairs it). The
   * choice: {"targets": [unit]} or {"use": false}.
   */
  | { do: 'pair-self-from-trash'; filter: Filter }
  /**
   * Added by the compiler (2 cards): "You may pair 1 (AEUG) Pilot card from your hand with this Unit."
   * A Pilot card matching `filter` (a `cards` choice: a known hand card, or a card number taken on
   * the caller's word when the hand is not listed) is paired with this Unit by the effect: no Lv. or
   * cost is needed (5-7-1-1 as for a deploy by an effect); this Unit must have no Pilot (3-3-4).
   */
  | { do: 'pair-from-hand'; filter: Filter }
  /**
   * Added by the compiler (1 card): "you may pair that card from your trash with one of your Units with
   * "Gundam Lfrith" in its card name" in an 'activates-command' ability: the Command that triggered it,
   * once in its owner's trash after its effect (3-4-4), is paired as its 【Pilot】 (3-4-6-2, 3-4-6-3) with
   * a friendly Unit matching `filter` that has no Pilot (3-3-4), no cost paid; a Command without
   * 【Pilot】, or one no longer in the trash, is not paired (1-3-2). The choice: {"targets": [unit]}.
   */
  | { do: 'pair-trigger-command'; filter: Filter }
  /** Added by the compiler (1 card): "You may pay ①." The controller rests that many active Resources (EX ones after, 5-17-3-2-3); not possible with too few. */
  | { do: 'pay'; amount: number }
  /**
   * Added by the compiler (1 card): "Deal 5 damage to the first card in your opponent's shield area."
   * The Base if there is one, else the top Shield (3-5-3, 4-6-4-1); effect damage (5-5-4).
   */
  | { do: 'damage-shield-area'; who: Who; amount: number }
  /**
   * Added by the compiler (1 card): "Destroy the first 2 cards in your opponent's shield area"
   * (printed "Choose 1 enemy player. Destroy the first 2 cards in that player's shield area.",
   * 12-2-6). The first cards of the shield area are its Base, then its Shields from the top (3-5-3,
   * 4-6-4-1); they are destroyed together by the effect (5-10-1), each Shield revealed and checked
   * for 【Burst】 before it goes to the trash (5-10-3, 13-2-5-1).
   */
  | { do: 'destroy-shield-area'; who: Who; count: number }
  /**
   * Added by the compiler (1 card): "Return the card paired with this Unit to the top of its owner's
   * deck." The card (in the trash after a 【Destroyed】, 3-3-6) goes on top of its owner's deck.
   */
  | { do: 'return-to-deck-top'; target: Selector }
  /**
   * Added by the compiler (1 card): "Choose 12 cards from your trash. Return them to their owner's
   * deck and shuffle it." The controller chooses exactly `count` matching cards in their trash (all
   * or nothing: with fewer there, none can be chosen and the step did not happen, 10-2-2, 5-20-1);
   * they go into the deck, which is shuffled (5-15-1: its order is no longer known).
   */
  | { do: 'trash-to-deck'; count: number; filter: Filter }
  /** "Choose 1 (filter) card from your trash. Add it to your hand." */
  | { do: 'trash-to-hand'; filter: Filter; max: number }
  /**
   * Added by the compiler (1 card): "… place the top 3 cards of your deck into your trash. Add 1 (Neo
   * Zeon) Unit card you placed from your deck with this effect to your hand.": of the cards this
   * effect placed into the trash (still there), the controller adds `max` matching ones to the hand
   * (a `cards` choice; the only legal one is taken). A placed card the scenario did not name is not
   * known to match.
   */
  | { do: 'placed-to-hand'; filter: Filter; max: number }
  /**
   * Added by the compiler (1 card, a 【Destroyed】 of a Base): "You may exile this card in your trash
   * from the game." The card, once in its owner's trash, is removed from the game (5-12-1); not
   * there (a token, 5-17-2-5, or moved away), nothing is done (1-3-2).
   */
  | { do: 'exile-self' }
  /**
   * Added by the compiler (1 card), in a 【Destroyed】: "add it from your trash to your hand": this
   * Unit's card, once in its owner's trash, goes to the hand; not there (a token, 5-17-2-5, or moved
   * away), nothing is done (1-3-2).
   */
  | { do: 'self-trash-to-hand' }
  /**
   * Added by the compiler (1 card): "Reveal 1 (Earth Federation) Unit card from your hand. Return it
   * to the bottom of your deck." The controller reveals `count` matching cards of the hand (a `cards`
   * choice; a card of an unlisted hand on the caller's word, or none) and puts them under the deck;
   * with none, nothing is done and an "If you do" after it fails (1-3-2, 5-20-1).
   */
  | { do: 'hand-to-deck-bottom'; count: number; filter: Filter }
  /**
   * Added by the compiler (1 card): "Choose 1 (Newtype) Pilot card that is Lv.3 or lower from your
   * trash. Pair it with this Unit." An effect pairs the card with this Unit (no Lv. or cost, 5-7-1-1
   * as for a deploy by an effect), if this Unit is still in play with no Pilot (3-3-4).
   */
  | { do: 'pair-from-trash'; filter: Filter }
  /**
   * Added by the compiler (1 card): "Choose 1 Unit card with <Repair>/<Breach>/<First Strike>/…
   * from your trash. During this turn, this Unit gets AP+1 and all <Repair>/<Breach>/<First Strike>/…
   * on that Unit card." The controller chooses a card of their trash matching `filter` (10-2-2-1; none,
   * the effect does not activate, 10-2-2); this Unit gets AP+`ap` and gains, for the duration, each
   * keyword effect printed on that card (13-1, with its amount) whose name is in `keywords`.
   */
  | { do: 'copy-keywords'; filter: Filter; keywords: IrKeyword[]; ap: number; duration: Duration }
  /** "Place the top N cards of your deck into your trash." (mill) */
  | { do: 'mill'; who: Who; count: number }
  /** "Reduce the damage by N" in a "when this Unit receives damage" trigger (the pending damage). */
  | { do: 'reduce-damage'; amount: number }
  /**
   * Added by the compiler (5 cards): a reduction (5-21) the `target` Units get for a duration,
   * applied to each damage they would receive of the kind `damage` names (absent = any; `enemy` =
   * dealt by an enemy card), before it is received; it adds to any other reduction, and damage
   * reduced to 0 is neither dealt nor received (5-21-2-1). Printed as "During this battle, reduce
   * battle damage it receives by 3." (GD04-113), as "During this turn, when it receives enemy
   * battle damage, reduce it by 2." (`asTrigger`: that wording, same meaning; GD05-094, GD05-125)
   * and as "During this turn, reduce the next damage it receives by 2." (`next`: one use, spent by
   * the first damage it applies to; GD04-093, GD04-108).
   */
  | { do: 'reduce-damage-timed'; target: Selector; amount: number; duration: Duration; damage?: { kind?: 'battle' | 'effect'; enemy?: boolean }; next?: boolean; asTrigger?: boolean }
  /** Added by the compiler (12 commands): 【Burst】"Activate this card's 【Main】." runs the card's own 【Main】 effect. */
  | { do: 'activate-main' }
  /**
   * Added by the compiler (4 cards): "Activate 【Main】 on the card paired with this Unit." The 【Main】
   * effect of the card paired with this Unit (a Command with 【Pilot】, 3-4-6) runs now, with no cost
   * paid; with no paired card or no 【Main】 on it nothing happens (1-3-2).
   */
  | { do: 'activate-paired-main' }
  /**
   * Added by the compiler (1 card): "If you discard a (Special Move) Command card with this effect, you
   * may activate its 【Main】.": the 【Main】 effect of the card this effect discarded (matching the
   * condition) runs now, as part of this effect, no cost paid; the card stays in the trash.
   */
  | { do: 'activate-discarded-main' }
  /** Added by the compiler (1 command): 【Burst】"Activate this card's 【Action】." runs the card's own 【Action】 effect. */
  | { do: 'activate-action' }
  /**
   * Added by the compiler (1 card): "Choose 1 of your rested Units. During this turn, all enemy Units
   * must choose that Unit as their attack target when attacking." For the duration an enemy Unit that
   * attacks must choose the target Unit as its attack target while it is one it may choose (rested,
   * or active where it may attack active Units); otherwise it attacks as it likes (1-3-1, 1-3-2).
   */
  | { do: 'draw-attacks'; target: Selector; duration: Duration }
  /** Added by the compiler: "It can't choose the enemy player as its attack target during this turn." */
  | { do: 'forbid-attack-player'; target: Selector; duration: Duration }
  /**
   * Added by the compiler (12 cards): the controller picks `count` cards matching `filter` in their
   * own trash and exiles them from the game (removed from the game, not to the trash). All or
   * nothing: with fewer than `count` matching cards nothing is exiled and the step did not happen
   * (5-20-1, so "If you do" fails and, as a cost, it cannot be paid). Printed as a cost "Exile 1
   * Command card from your trash：", as "Choose 3 (Titans) cards from your trash. Exile them from the
   * game.", and as 【Deploy･Development 2】 (13-1-8-1: "you may exile 2 (G Generation) cards in your
   * trash from the game. If you do, …").
   */
  | { do: 'exile-from-trash'; count: number; filter: Filter }
  /**
   * Added by the compiler (1 card): "Choose 1 (Superpower Bloc) card and 1 (UN) card from your trash.
   * Exile them from the game." Two different cards of the controller's trash, one matching each
   * filter, chosen together (a `cards` choice of both; the only possible pair is taken): all or
   * nothing (10-3-3-1), so with no such pair nothing is exiled and "If you do" fails (5-20-1).
   */
  | { do: 'exile-two-from-trash'; filters: [Filter, Filter] }
  /**
   * "Deploy 1 (filter) Unit card from your hand/trash" (5-7-1-1: played from another location by an
   * effect). `payCost`: "Pay its cost to deploy it" (its cost is paid, 2-10-1, Lv. still needed);
   * otherwise it is deployed without paying. The card is chosen with a `cards` choice (its card
   * number); the Unit triggers its 【Deploy】.
   */
  | { do: 'deploy-from'; zone: 'hand' | 'trash'; filter: Filter; max: number; payCost: boolean }
  /**
   * Added by the compiler (5 cards): "It can't receive battle damage from enemy Units that are Lv.3
   * or lower during this turn." The target's Units take no damage of that kind from those sources
   * while it lasts (see DamageGuard).
   */
  | ({ do: 'prevent-damage'; target: Selector; duration: Duration } & DamageGuard)
  /**
   * Added by the compiler (5 cards): "Choose 1 rested enemy Unit. It won't be set as active during
   * the start phase of your opponent's next turn." (or after "Rest it."). The target Units stay
   * rested through the start phase of the opponent's next turn (the start phase's "set all your
   * cards active" skips them); the effect ends after that start phase.
   */
  | { do: 'stay-rested'; target: Selector }
  /**
   * Added by the compiler (1 card): "During this turn, friendly Units can't be destroyed by enemy
   * effects." While it lasts, every card the target names at that moment (an `all` target is
   * matched again whenever it is tested, so a Unit deployed later this turn is covered too) is
   * immune as `what` says (see Immunity) to effects whose source card matches `from`
   * ({side:'enemy'} = any card of the opponent). 10-1-5-6.
   */
  | { do: 'immune'; target: Selector; what: Immunity; from: Filter; duration: Duration }
  /**
   * Added by the compiler (2 cards, 【Action】 Commands with 【Pilot】): "During this battle, your
   * shield area cards can't receive damage from enemy Units that are Lv.4 or lower." While it
   * lasts, the cards in `who`'s shield area (its Shields and its Base, 4-6-2) receive no damage of
   * the guarded kind (DamageGuard: `kind` absent = battle and effect damage alike, 5-5-3/5-5-4)
   * from sources matching `from` (an enemy Unit's Lv. at the moment it deals the damage). The
   * damage is not dealt (as 5-21-2-1 for zero damage): the Shield is not destroyed (11-3-1), and
   * an attack on the player that only reaches protected cards deals nothing; Breach / Suppression
   * damage from such a Unit is stopped too, since that Unit deals it (13-1-2, 13-1-7). "During
   * this battle" outside a battle lasts through the next battle, as for the other battle durations.
   */
  | ({ do: 'protect-shield-area'; who: Who; duration: Duration } & DamageGuard)
  /**
   * Added by the compiler (3 【Action】 Commands): "Change the attack target of the battling enemy
   * Unit to it." / "Change a battling enemy Unit's attack target to it." (`possessive`: the second
   * wording, same meaning). In a battle whose attacking Unit is an enemy of the controller, that
   * Unit's attack target becomes the `target` Unit (chosen before, "it"); the damage step then
   * resolves the attack on it (8-5-1), and the battle ends early if it leaves play first (8-4-2).
   * Only the attacking Unit has an attack target: with no enemy attacking, nothing happens (1-3-2).
   */
  | { do: 'change-attack-target'; target: Selector; possessive?: boolean }
  /**
   * Added by the compiler (2 Pilots): "During this battle, battle damage this Unit would receive is
   * dealt to that Unit instead." (`toTarget`: from this Unit to the chosen `target`, GD04-087) /
   * "During this turn, battle damage it would receive is dealt to this Unit instead." (from the
   * chosen `target` to this Unit, GD04-095). A substitution (10-1-9-1) for the duration: damage of
   * `kind` (absent = any) the one Unit would receive is dealt to the other instead, still by the
   * same card and of the same kind, and the other receives it as its own (its guards, reductions,
   * triggers, destruction). Nothing is redirected while the other Unit is not in play.
   */
  | { do: 'redirect-damage'; target: Selector; toTarget: boolean; kind?: 'battle' | 'effect'; duration: Duration }
  /**
   * Added by the compiler (3 cards): a triggered ability the effect creates for this turn (a delayed
   * trigger, 10-1-6-1): "During this turn, when one of your (Earth Federation) Units destroys an
   * enemy Unit with battle damage, choose 1 enemy Unit … Rest it." (`printed` 'leading'; 'if':
   * "During this turn, if a friendly (UN) Unit destroys …", same meaning) / "Choose 1 of your
   * (Mafty) Units. When it destroys an enemy Unit with battle damage during this turn, draw 1."
   * ('trailing', `target` the Units chosen before; otherwise `target` is {type:'all'}, the friendly
   * Units it names, matched when the event happens). Until the end of the turn (7-6-6-1), each time
   * a friendly Unit `target` names destroys
   * an enemy Unit with battle damage (8-5-3-2-1), `effect` triggers for the controller and resolves
   * through the queue, its "that enemy Unit" the destroyed one.
   */
  | {
      do: 'delayed-trigger';
      /**
       * 'deals-battle-damage' (1 card, 'trailing' only): "Choose 1 of your Units. When it deals battle
       * damage to an enemy Unit that is Lv.5 or lower during this turn, destroy that enemy Unit.": each
       * time a chosen Unit deals battle damage to an enemy Unit matching `dealtTo` (damage actually
       * dealt, 5-5-5), `effect` triggers, its "that enemy Unit" the one dealt the damage.
       */
      trigger: 'friendly-destroys-enemy-with-battle-damage' | 'deals-battle-damage';
      dealtTo?: Filter;
      target: Selector;
      /** Wording only: "a friendly (UN) Unit" instead of "one of your … Units". */
      aFriendly?: true;
      /**
       * Added by the compiler (1 card): "when they destroy an enemy card with battle damage": an enemy
       * Unit, or a card of the enemy shield area (Base or Shield, 4-6-1) destroyed by the battle damage.
       */
      anyCard?: true;
      /** 'during-trailing' (1 card): "Choose 1 to 2 of your Units. During this turn, when they destroy …". */
      printed: 'leading' | 'if' | 'trailing' | 'during-trailing';
      effect: EffectStep[];
      duration: 'turn';
    }
  /**
   * Added by the compiler (1 card): "Choose 1 friendly (Shrike Team) Unit. It gains the following
   * effect during this turn: ■【During Link】【Destroyed】Choose 1 friendly (League Militaire) Unit. Set
   * it as active." The target Units have the triggered `ability` as their own text for the duration
   * (5-16-1; 7-6-6-1 / 8-6-1 end it): it triggers, with its 【During Link】/【During Pair】 checked, as
   * a printed one would (a 【Destroyed】 reads the Unit as it last was in play, 13-2-8-2-1).
   */
  | { do: 'grant-ability'; target: Selector; ability: Extract<CompiledAbility, { kind: 'triggered' }>; duration: Duration }
  /**
   * Added by the compiler (1 card): "Choose 1 enemy Unit. Begin a battle between this Unit and it and
   * only perform the damage step." A battle without its attack, block, action and battle end steps:
   * this Unit is the attacking Unit and the chosen one its attack target (JA 5-22-p3), so nothing that
   * triggers on an attack does (JA 5-22-p4); the damage step (8-5-3) is performed as in an attack on
   * a Unit, <First Strike> included (JA 13-1-5-p1), with battle damage, battle destruction and
   * <Breach> as 8-5-3-2 and 13-1-2 say. Nothing happens unless both Units are in play (1-3-2).
   */
  | { do: 'damage-step-battle'; target: Selector };

/**
 * Which damage a "can't receive damage" effect stops. `kind` 'battle'/'effect' = only that kind
 * (5-5-3 / 5-5-4); absent = any damage. `from` = the card that deals it: an enemy Unit (its
 * current Lv./AP/HP at that moment: "from enemy Units with 3 or less AP", "that are Lv.2 or
 * lower"), an enemy Command ({side:'enemy', type:'command'}: "effect damage from enemy Commands"),
 * or any enemy card ({side:'enemy'} with no type: "can't receive enemy effect damage"). Added by
 * the compiler with the prevent-damage step and constant.
 */
export interface DamageGuard {
  kind?: 'battle' | 'effect';
  from: Filter;
  /**
   * Added by the compiler (1 card): "can't receive 2 or less enemy effect damage": only damage of at
   * most this amount (as it is about to be dealt) is stopped; more is received in full.
   */
  upTo?: number;
}

/** A condition an effect or a constant ability depends on. */
export type Condition =
  /** "during your turn" / "during your opponent's turn". */
  | { type: 'turn'; whose: 'yours' | 'opponents' }
  /**
   * "if you have 2 or more other (Zeon) Units in play", "while 4 or more enemy Units are in play".
   * With filter.type 'pilot' it counts the Pilots paired in the battle area ("a (CB) Pilot in play").
   */
  | { type: 'count-in-play'; filter: Filter; cmp: Cmp }
  /**
   * "if there are 4 or more Command cards in your trash". `words` 'is-in' (added by the compiler, 1
   * card, wording only): printed "if a card with "Corsica Base" in its card name is in your trash".
   */
  | { type: 'count-in-trash'; who: Who; filter: Filter; cmp: Cmp; words?: 'is-in' }
  /** "if you have 7 or more cards in your hand", "if your opponent has 8 or more cards in their hand". */
  | { type: 'hand-count'; who: Who; cmp: Cmp }
  /** "if you have 2 or fewer Shields". */
  | { type: 'shield-count'; who: Who; cmp: Cmp }
  /**
   * Added by the compiler (2 cards): "If you use an EX Resource to play this card". Holds while the
   * effect of a Command played from the hand resolves when an EX Resource paid part of its cost
   * (5-17-3-2-1); never for an effect run another way (a 【Burst】 pays no cost, 13-2-5-1).
   */
  | { type: 'paid-with-ex' }
  /** "if you are Lv.7 or higher" (Lv. = Resources in the resource area, 2-9-1). */
  | { type: 'player-level'; who: Who; cmp: Cmp }
  /** "while this Unit has 5 or more AP", "while this Unit is rested", "this Unit is (Zeon)", "is white". */
  | { type: 'self'; filter: Filter }
  /**
   * "if this Unit is attacking the enemy player" / "attacking an enemy Unit". `filter` (added by the
   * compiler, 1 card): "If you are attacking a damaged enemy Unit": the attack target must match it.
   */
  | { type: 'attacking'; target: 'player' | 'unit'; filter?: Filter }
  /** Added by the compiler (1 card): "If you have no EX Resources" (5-17-3-2). */
  | { type: 'ex-count'; who: Who; cmp: Cmp }
  /**
   * Added by the compiler (1 card): "Then, if it is a (Jupitris) Unit, draw 1.": the card an earlier
   * step of the effect picked ("it") matches the filter as it is now (nothing picked: it does not hold).
   * In a substitution of the step that chooses "it" ("Choose 1 enemy Unit. Deal 1 damage to it. If it
   * has <Repair>, deal 3 damage instead.", 1 card) it is checked once that step's target is chosen.
   */
  | { type: 'picked'; filter: Filter }
  /** 【During Pair】 / 【During Link】, with the optional pilot qualifier of 【During Pair･(Trait) Pilot】. */
  | { type: 'paired'; pilot?: Filter }
  | { type: 'linked' }
  /** "If a Pilot is not paired with this Unit". */
  | { type: 'not-paired' }
  /**
   * Added by the compiler (1 card): "while this Unit is battling an enemy Unit that is Lv.2 or
   * lower". Holds while this Unit is in a battle (the attacker or its attack target) whose other
   * Unit matches the filter; when <Blocker> or an effect changes the attack target, the former
   * target is no longer battling (JA 5-22-p2), so it stops holding at once.
   */
  | { type: 'battling'; filter: Filter }
  /**
   * Added by the compiler (4 cards): "If you deploy this Unit from your trash" in its 【Deploy】:
   * holds when an effect deployed this Unit from its owner's trash (5-7-1-1), not from the hand.
   */
  | { type: 'deployed-from-trash' }
  /**
   * Added by the compiler (4 cards): "If you placed a (Zeon)/(Clan) card with this effect" after
   * "Place the top N cards of your deck into your trash": holds when one of the cards this effect
   * placed matches the filter (a card the scenario did not name is not known to match).
   * `present`: printed "If you place …" (wording only).
   */
  | { type: 'placed-with-effect'; filter: Filter; present?: true }
  /**
   * Added by the compiler (1 card): "If you discard a (Special Move) Command card with this effect":
   * holds when a card this effect's discard put into the trash matches (a card of the hand the
   * scenario did not name is not known: the outcome is then left open).
   */
  | { type: 'discarded-with-effect'; filter: Filter }
  /**
   * Added by the compiler (3 cards): "If there are 2 or more enemy players". The engine plays a
   * two-player game, where the enemy players are the one opponent (12-2-6): the number is 1.
   */
  | { type: 'enemy-players'; cmp: Cmp }
  /**
   * Added by the compiler (1 card): "If this Unit is destroyed with battle damage" in its
   * 【Destroyed】: holds when the battle damage it received destroyed it (8-5-3-2-1, 11-3-1), not
   * effect damage or a destroy effect.
   */
  | { type: 'destroyed-with-battle-damage' }
  /**
   * Added by the compiler (1 card): "Choose 1 rested enemy Unit. Deal 1 damage to it. When this
   * effect destroys an enemy Unit, draw 1." (printed as a leading "When …, "): holds when a card this
   * effect picked, matching `filter`, was destroyed (rules management acts the moment the damage is
   * dealt, 11-1-2).
   */
  | { type: 'effect-destroyed'; filter: Filter }
  /**
   * Added by the compiler (1 card), in a 【Destroyed】: "If this Unit is destroyed by one of your
   * (Neo Zeon) card's effects" (5-10-1): the destruction that triggered it was by an effect of a
   * card of its controller matching `by`. Destroyed by effect damage, or by an effect whose card the
   * scenario does not name, it may or may not count: the outcome is left open (history.ts).
   */
  | { type: 'self-destroyed-by'; by: Filter }
  /**
   * Added by the compiler (1 card), in "At the end of the turn when this Unit is paired with a Pilot,
   * …" (GD03-069): a Pilot was paired with this Unit during this turn (5-9-1), read from the turn's
   * record (history.ts; open when the scenario starts mid-turn and pairs nothing).
   */
  | { type: 'paired-this-turn' }
  /**
   * Added by the compiler (3 cards): what happened earlier in this turn (10-2-1). 'activated-command':
   * "you have activated a (Special Move) Command card's 【Main】/【Action】 during this turn" (`filter`
   * the Command, 10-1-8-1, 13-2-5-1); 'destroyed-by-effect': "one of your Units has been destroyed by
   * one of your (Neo Zeon) card's effects during this turn" (`filter` the Unit as it last was, `by` the
   * card whose effect destroyed it, 5-10-1); 'paid-for-unit-effect': "you have paid ① or more for one
   * of your other (Militia)/(Dianna Counter) Units' effects" (`filter` the Unit, 2-10-1). `where`
   * (wording): printed after "At the end of a turn where", without "during this turn". The engine
   * keeps the turn's events; those before the scenario's board are known only when the scenario
   * starts at the start of the turn, otherwise the answer is left open.
   */
  | { type: 'this-turn'; event: 'activated-command' | 'destroyed-by-effect' | 'paid-for-unit-effect'; filter: Filter; by?: Filter; where?: true };

/**
 * One step of an effect with its connective: "Then, …" (then), "If you do, …" (ifDone: only when
 * the step before it happened), "You may …" (optional: the controller chooses), "If …, …" (when).
 */
export interface EffectStep {
  step: Step;
  when?: Condition[];
  optional?: boolean;
  ifDone?: boolean;
  /**
   * Added by the compiler: "If you do, set this Unit as active. It gains <First Strike> during this
   * turn.": the sentence says "it" for the Unit of the sentence before, and is done only when that
   * sentence was reached (its "If you do" and conditions held), whether or not it changed anything.
   */
  withPrevious?: boolean;
  /**
   * Added by the compiler (1 card): the step is an alternative to the ones before it in one sentence,
   * "Deploy 1 [Gundam](…) Unit token if you have no Units in play, deploy 1 [Guncannon](…) Unit token
   * if you have only 1 Unit in play, or deploy 1 [Guntank](…) Unit token if you have 2 or more Units
   * in play.": each alternative has its `when`; all of them are read before any is done (the
   * sentence is one choice by the game state, 10-2-1), and only the first that holds is done.
   */
  orElse?: boolean;
  /** Added by the compiler: the step was printed with "Then," (wording only; steps always run in order). */
  then?: boolean;
  /** Added by the compiler (wording only), with `optional`: printed "That friendly Unit may recover 2 HP" (the controller decides, 10-1-3), not "You may …". */
  maySubject?: true;
  /**
   * Added by the compiler (1 card), with `optional`: "Your opponent may draw 1" (printed "Choose 1
   * enemy player. They may draw 1.", 12-2-6): the opponent decides (10-1-3), not the controller.
   */
  opponentMay?: true;
  /** Added by the compiler (2 cards, wording only), with `ifDone`/`ifNotDone`: printed "If they draw with this effect, …" / "If they don't discard with this effect, …" (the opponent's step before it). */
  theyDo?: true;
  /**
   * Added by the compiler (1 card): "If they don't discard with this effect, you may deploy …" after
   * "Your opponent may discard 1." (printed "that enemy player may discard 1", 12-2-6): done only when
   * the step before it was not done (the opponent chose not to, or could not: 10-1-3, 1-3-2).
   */
  ifNotDone?: true;
  /**
   * Added by the compiler (7 Commands): a substitution printed as the sentence after the step (10-1-9-1-1):
   * "If there are 2 or more cards with "Improved Technique" in their card name in your trash,
   * choose 1 enemy Unit instead." (`target`, a choose in place of the step's), "If a friendly
   * (Mafty) Link Unit is in play, deal 2 damage instead." / "If you use an EX Resource to play this
   * card, reduce by 4 instead." (`amount`, in place of the step's), "If you are Lv.7 or higher, it
   * can't receive battle damage from enemy Units with 5 or less AP instead." (`guard`, in place of a
   * prevent-damage step's). `when` is checked as the step
   * resolves; when it holds the step is done with these instead of its printed ones.
   */
  instead?: {
    when: Condition[];
    target?: Extract<Selector, { type: 'choose' | 'all' }>;
    amount?: number;
    guard?: DamageGuard;
    /**
     * Added by the compiler (1 card): "Then, if it is your turn, deploy 1 [Tallgeese](…) Unit token. If
     * it is your turn and …, deploy 2 [Leo](…) Unit tokens instead.": another step of the same kind,
     * done in place of the printed one (10-1-9-1-1).
     */
    step?: Step;
    /**
     * Added by the compiler (1 card): "If there are 3 or more (MF) cards in your trash, you may deploy it
     * as an (AP3・HP3) Unit instead.": the controller decides whether the substitution is made (10-1-3).
     */
    optional?: true;
  };
  /**
   * Added by the compiler: the step was printed in one sentence with the step before it, joined by
   * "and" (wording only; steps always run in order): "It recovers 2 HP and gets AP+2 during this
   * turn." (the second step targets `previous`), or "Choose 1 of your Units and 1 enemy Unit. Deal 1
   * damage to them." (two steps, each with its own `choose`; the second repeats the first's `when`).
   */
  and?: boolean;
}

/** The trigger of a triggered ability. */
export type Trigger =
  | 'deploy'
  | 'attack'
  | 'destroyed'
  | 'when-paired'
  | 'when-linked'
  | 'burst'
  | 'start-of-turn'
  | 'end-of-turn'
  /** "When this Unit destroys an enemy Unit with battle damage" */
  | 'destroys-enemy-with-battle-damage'
  /** "When this Unit receives damage" / "receives effect damage" */
  | 'receives-damage'
  /**
   * Added by the compiler (1 card): "When you use this Unit's <Support> to increase a (ZAFT)
   * Unit's AP, …". Triggers when this Unit's own <Support> (13-1-3-1: 【Activate･Main】Rest this
   * Unit：choose 1 other friendly Unit, it gets AP+N during this turn) resolves on a Unit matching
   * the ability's `supported` filter (absent = any Unit), after the AP increase (10-1-6-1).
   */
  | 'uses-support'
  /**
   * Added by the compiler (3 cards): "When you place an EX Resource, …". Triggers each time an EX
   * Resource is placed into the ability's controller's resource area while the card is in play
   * (by an effect: "Place 1 EX Resource", 10-1-6-1, 10-1-6-1-1); several placed by one effect at
   * once trigger it once (10-1-6-3).
   */
  | 'places-ex-resource'
  /**
   * Added by the compiler (4 cards): "When one of your other (Academy) Units receives damage from an
   * enemy, …" / "… one of your (League Militaire) Unit tokens receives enemy effect damage, reduce
   * it by 1." Triggers when a friendly Unit matching the ability's `watched` filter receives damage
   * (`damage` qualifies it as for 'receives-damage'; "other" excludes the ability's own Unit), after
   * the damage; an ability made only of "reduce it by N" applies before it instead (5-21).
   */
  | 'friendly-receives-damage'
  /**
   * Added by the compiler (4 cards): "When this Unit deals battle damage to an enemy Unit (that is
   * Lv.5 or lower), …". Triggers when this Unit's battle damage is dealt to an enemy Unit matching
   * the ability's `dealtTo` filter (read as that Unit is then); damage that is not dealt (0 after a
   * reduction, 5-21-2-1; a guard, 10-1-5-6) does not trigger it.
   */
  | 'deals-battle-damage'
  /**
   * Added by the compiler (4 cards): "When this Unit destroys an enemy shield area card with (battle)
   * damage, …". Triggers when damage this Unit dealt destroys an enemy Shield (at once, 11-3-1-1)
   * or the enemy Base (by the rules management after it, 11-3-1): battle damage only with the
   * ability's `damage` {kind:'battle'}, any damage this Unit deals (its battle damage, its <Breach>,
   * 13-1-2-1, its own effects) without it. Shields destroyed together trigger it once (10-1-6-3).
   */
  | 'destroys-shield-area-card'
  /**
   * Added by the compiler (2 cards): "When one of your (Titans) Units destroys an enemy shield area
   * card with damage, …" / "When damage from one of your Units paired with a (Cyber-Newtype) Pilot
   * destroys an enemy shield area card, …": as 'destroys-shield-area-card', for any friendly Unit
   * matching the ability's `watched` filter (this Unit too when it matches).
   */
  | 'friendly-destroys-shield-area-card'
  /**
   * Added by the compiler (1 card): "When one of your Units destroys an enemy Unit with battle
   * damage, …": as 'destroys-enemy-with-battle-damage', for any friendly Unit matching the
   * ability's `watched` filter (this Unit too when it matches).
   */
  | 'friendly-destroys-enemy-with-battle-damage'
  /**
   * Added by the compiler (3 cards): "When you pair a (Cyber-Newtype) Pilot with one of your blue
   * Units, …" / "When you pair a Pilot that is Lv.3 or lower with one of your Units, …" / "When you
   * pair a Pilot with this Unit or one of your white Units, …". Triggers when its controller pairs a
   * Pilot (or a Command as its 【Pilot】, 3-4-6-2) matching the ability's `pilot` filter with a
   * friendly Unit matching `watched` (or this Unit, with `orSelf`), after the pairing (5-9-1, 10-1-6-1).
   */
  | 'pairs-pilot'
  /**
   * Added by the compiler (2 cards): "When this Unit is rested by an effect, …". Triggers when an
   * effect (any player's; not a cost, 10-1-7-2) rests this Unit (5-4-1-2), after it is rested.
   */
  | 'rested-by-effect'
  /** Added by the compiler (1 card): "When this rested Unit is set as active by an effect, …" (5-4-1-1; not by the start phase, 7-2-3-1). */
  | 'set-active-by-effect'
  /**
   * Added by the compiler (1 card): "When one of your (Orb) Units is deployed, …". Triggers when a
   * friendly Unit matching `watched` is deployed (this one too when it matches), after it enters the
   * battle area (5-8-1, 10-1-6-1).
   */
  | 'friendly-deployed'
  /**
   * Added by the compiler (1 card): "When a friendly (Clan) Unit links, it gains <Breach 3> during
   * this turn." Triggers when a friendly Unit matching `watched` becomes a Link Unit by a pairing
   * (3-2-6-2, 10-1-6-1); "it" is that Unit (selector 'trigger-unit').
   */
  | 'friendly-links'
  /**
   * Added by the compiler (2 cards): "When this Unit recovers HP, …". Triggers when this Unit in
   * play recovers 1 or more HP (5-6-1: its damage goes down; recovering with no damage is not
   * done, 5-6-3, 1-3-2-1), by an effect or <Repair> (13-1-1-1), after the recovery (10-1-6-1).
   */
  | 'recovers-hp'
  /**
   * Added by the compiler (1 card): "When one of your Units is rested by one of your opponent's
   * effects, …". Triggers when an effect its controller's opponent controls rests (5-4-1-2) a
   * friendly Unit matching `watched` (this one too), after it is rested; a cost is not an effect
   * (10-1-7-2).
   */
  | 'friendly-rested-by-effect'
  /** Added by the compiler (1 card): "When one of your Units is destroyed by an effect" (a destroy effect, 5-10-1). */
  | 'friendly-destroyed-by-effect'
  /**
   * Added by the compiler (1 card): "When you draw with an effect, …". Triggers when an effect makes
   * the controller draw 1 or more cards (5-14-1; not the draw phase's draw, 7-3-1), after the draw;
   * one effect's draw is one event (10-1-6-3).
   */
  | 'draws-with-effect'
  /**
   * Added by the compiler (2 cards): "When you activate a Command's 【Main】/【Action】 effect, …" /
   * "When you activate a (Special Move) Command's 【Main】/【Action】, …". Triggers when the
   * controller activates the 【Main】 or 【Action】 effect of a Command matching `command` (absent =
   * any Command): played from the hand (10-1-8-1, 13-2-3-1, 13-2-4-1), or by its 【Burst】 "Activate
   * this card's 【Main】" (13-2-5-1). It resolves after that effect (10-1-6-1).
   */
  | 'activates-command'
  /**
   * Added by the compiler (2 cards): "When you pay ① or more for one of your Unit's effects, …" (and
   * the wordings in `payWords`). Triggers when the controller pays 1 or more Resources (2-10-1) for
   * the cost of an effect of a friendly Unit (its own text or its Pilot's, 3-3-9-2): an 【Activate】
   * cost (10-1-7-3) or a "you may pay ①" in its effect; after the payment.
   */
  | 'pays-for-unit-effect'
  /**
   * Added by the compiler (1 card): "When this Unit is blocked by an enemy Unit that is Lv.4 or
   * lower, …". Triggers when an enemy Unit matching `blocker` (as it is then) activates <Blocker>
   * against this attacking Unit (8-3-1, 13-1-4-1), in the block step, after it became the target (8-3-2).
   */
  | 'blocked'
  /**
   * Added by the compiler (1 card): "When one of your other Units with <Repair> attacks, …".
   * Triggers when a friendly Unit matching `watched` attacks (8-2-1), with the 【Attack】 effects of
   * the attack step (8-2-2, 10-1-6-1); "that Unit" is the attacking Unit.
   */
  | 'friendly-attacks'
  /**
   * Added by the compiler (1 card): "During your turn, when your (Triple Ship Alliance) Unit deals
   * battle damage to an enemy Unit, you may return the enemy Unit to its owner's hand." Triggers
   * when a friendly Unit matching `watched` deals battle damage (actually dealt, 5-5-5) to an enemy
   * Unit matching `dealtTo` (8-5-3-2, 10-1-6-1); "the enemy Unit" is that Unit ('damaged-enemy').
   */
  | 'friendly-deals-battle-damage'
  /**
   * Added by the compiler (1 card): "When this Unit's AP is reduced by an enemy effect, …" (GD02-009).
   * Triggers when an effect its opponent controls gives it AP- and its AP goes down (at 0 already it
   * is not reduced, 1-3-6); an AP- from an effect whose controller the scenario does not say (the
   * `modify` action) leaves the outcome open.
   */
  | 'ap-reduced-by-enemy'
  /**
   * Added by the compiler (1 card): "When an enemy Link Unit is destroyed with damage while this
   * Unit is attacking, …". Triggers when damage (battle or effect, 5-5) destroys an enemy Unit
   * matching `destroyedUnit` (as it last was in play) by rules management (11-3-1) while this Unit
   * is the attacking Unit of the current battle (8-2 … 8-6).
   */
  | 'enemy-destroyed-while-attacking';

/** An activation cost (before the ：). */
export interface Cost {
  resources?: number;
  restSelf?: boolean;
  /** Costs the compiler read but are not resources/rest (discard N, exile): kept as steps. */
  steps?: Step[];
}

/** A constant (continuous) effect (10-1-5). */
/** "you may destroy 1 of your Link Units …" / "you may discard 1 (G Generation) Unit card": done while playing the card, for its play-as. */
export interface PlayAsPayment {
  do: 'destroy' | 'discard';
  count: number;
  /** destroy: the player's Units in play that may be destroyed; discard: the hand cards that may be discarded. */
  filter: Filter;
}

export type Constant =
  /** `forEach` (added by the compiler, 1 card): AP/HP times that count, recomputed with the constant ("This Unit gets AP+2 for each of your rested (CB) Units"). */
  | {
      type: 'stats';
      target: Selector;
      ap: number;
      hp: number;
      forEach?: Count;
      /** Added by the compiler (1 card, wording only): 'equal-to' = "Increase this Unit's AP by an amount equal to the number of …". */
      countWording?: CountWording;
      /**
       * Added by the compiler (1 card, wording only): printed joined to the constant before it on this
       * Unit, "This Unit and all your Units with … get AP+1." (this `all` target is marked "other", so
       * this Unit gets the change once).
       */
      andSelf?: true;
    }
  /**
   * `forEach` (added by the compiler, 1 card): "This Unit gains the same number of <Repair> as the
   * number of (Calamity War) Unit tokens you have in play.": the keyword's amount is that count,
   * recomputed with the constants (10-1-5-3); at 0 the Unit has no copy of it (1-3-2-2).
   * `countWording` 'same-number' is that wording.
   */
  | { type: 'keyword'; target: Selector; keyword: IrKeywordInstance; forEach?: Count; countWording?: 'same-number' }
  /**
   * Added by the compiler (1 card): "【During Link】All your Units gain (Neo Zeon)." The target Units
   * have these traits besides their printed ones while the constant applies (10-1-5-3, 2-5): a filter
   * naming a trait matches them, and the trait constants apply before the others that read traits.
   */
  | { type: 'traits'; target: Selector; traits: string[] }
  | { type: 'attack-active'; target: Selector; filter: Filter }
  | { type: 'cannot-attack'; target: Selector }
  /** Added by the compiler (6 units): "This Unit can't choose the enemy player as its attack target." */
  | { type: 'cannot-attack-player'; target: Selector }
  /**
   * Added by the compiler (7 cards): "This Unit can't receive battle damage from enemy Units that
   * are Lv.2 or lower.", "This Base can't receive enemy effect damage." (see DamageGuard).
   */
  | ({ type: 'prevent-damage'; target: Selector } & DamageGuard)
  /**
   * Added by the compiler (6 cards): "While you have 2 or more (Earth Federation) Units in play,
   * this card in your hand gets cost -1." / "This card in your trash gets cost -1." While the card
   * is in that zone (and the ability's `requires` hold there), its cost is changed by `amount`
   * (negative = cheaper; not below 0) for playing it (hand) or for "Pay its cost to deploy it"
   * (trash). Lv. is unchanged unless `level` says ("gets Lv. -1 and cost -1": the Lv. needed to play it
   * from the hand changes by `level`, not below 0, 2-9-1, 1-3-6). `forEach` (3 cards): both changes
   * times that count ("… for each enemy Unit in play"; 'equal-to': "Reduce the cost of this card in
   * your hand by an amount equal to the number of …"). target is always self (the card).
   */
  | { type: 'cost'; target: Selector; zone: 'hand' | 'trash'; amount: number; level?: number; forEach?: Count; countWording?: CountWording }
  /**
   * Added by the compiler (2 cards): "When playing this card from your hand, if 3 or more enemy Units
   * are in play, play it as if it has 3 Lv. and cost." / "When playing this card from your hand and
   * pairing it with a Unit with "Gundam NT-1" in its card name, play this card as if it has 0 cost."
   * Played from the hand while the ability's `requires` hold (and, with `pairedWith`, paired with a
   * Unit matching it), the card's Lv. (when `level` is given) and cost are these numbers instead of
   * the printed ones (after any cost change; 2-9-1, 2-10-1). target is always self (the card).
   * With `pay` (2 cards): "When playing this card from your hand, you may destroy 1 of your Link
   * Units with "Unicorn Mode" … . If you do, play this card as if it has 0 Lv. and cost." — only
   * when the player chooses to do it while playing the card.
   */
  | { type: 'play-as'; target: Selector; level?: number; cost: number; pairedWith?: Filter; pay?: PlayAsPayment }
  /**
   * Added by the compiler (1 card, a Pilot's 【During Link】 text): "This Unit's AP can't be
   * reduced by enemy effects." The target is immune as `what` says (see Immunity) to effects whose
   * source card matches `from` ({side:'enemy'} = any card of the opponent), while the constant
   * applies (10-1-5-2/3). A Pilot's text below its name is the paired Unit's (3-3-9-2), so "this
   * Unit" is that Unit.
   */
  | { type: 'immune'; target: Selector; what: Immunity; from: Filter }
  /**
   * Added by the compiler (1 card, a Pilot): "This card's name is also treated as [Char Aznable]."
   * The card has these card names besides its printed one (2-2-4), in every zone (hand, trash,
   * deck, paired: the text is above the Pilot's card name, 3-3-9-1, and acts wherever the card
   * is): a link condition naming one of them is met by it (3-2-6-4), and a reference by name or by
   * part of a name ("with \"Char\" in its card name", 2-2-2/2-2-3) matches any of them. target
   * is always self (the card).
   */
  | { type: 'also-named'; target: Selector; names: string[] }
  /**
   * Added by the compiler (1 card): "While this Unit is rested, friendly Shields can't receive
   * battle damage from enemy Units." While the constant applies, the controller's Shields (the
   * Shields only: a Base in the shield area, 4-6-2, is not a Shield) receive no damage of the
   * guarded kind from matching sources (DamageGuard); the damage is not dealt, so no Shield is
   * destroyed or revealed (10-1-5-6, 5-21-2-1). No target: it protects a player's cards, not a card.
   */
  | ({ type: 'protect-shields' } & DamageGuard)
  /**
   * Added by the compiler (4 cards): "Enemy Units choose this rested Unit as their attack target if
   * possible when attacking." / "… choose one of your rested (Maganac Corps) Units …" / "Enemy Units
   * other than Link Units choose …". While the constant applies, an enemy Unit matching `attackers`
   * that attacks must choose one of the `target` Units that is rested (one it can attack) as its
   * attack target (1-3-1: the card's text takes precedence over the freedom of 8-1); with none
   * rested it attacks as it likes.
   */
  | { type: 'draws-attacks'; target: Selector; attackers: Filter }
  /**
   * Added by the compiler (4 cards, mostly token text): "This Unit can't be paired with a Pilot." /
   * "This Unit can't be set as active or paired with a Pilot." While the constant applies, what it
   * names cannot happen to the target (10-1-5-6, 1-3-3): 'paired' refuses a pair (3-3-1);
   * 'set-active' leaves it rested through an effect's "set it as active" and the start phase's
   * active step (7-2-3-1).
   */
  | { type: 'cannot-be'; target: Selector; what: ('set-active' | 'paired')[] }
  /**
   * Added by the compiler (1 card): "When you rest your Base with one of your Units' effects, you
   * may rest this Unit instead." / "When you would rest a Unit with a friendly (League Militaire)
   * Unit's effect, you may rest this Base instead." A substitution (10-1-9-1, 10-1-9-1-1): when an
   * effect the controller controls, whose source is a Unit matching `source`, would rest a card
   * matching `replaces` (seen from the controller) other than this card, the controller may rest
   * this card (`target`, self; it must be active, 1-3-2-1) instead, and the rest is done by it.
   * `would`: the second wording (meaning the same).
   */
  | { type: 'rest-instead'; target: Selector; replaces: Filter; source: Filter; would?: true }
  /**
   * Added by the compiler (3 cards): "On the turn this Unit is deployed, it may choose a rested enemy
   * Unit as its attack target and attack it." On the turn it was deployed (3-2-4 would forbid the
   * attack unless it is a Link Unit) the target Unit may attack, but only a Unit matching `filter`
   * (not the player, 1-3-1: the card's text takes precedence).
   */
  | { type: 'deploy-turn-attack'; target: Selector; filter: Filter }
  /**
   * Added by the compiler (1 card): "All Units that are Lv.3 or lower other than Unit tokens are
   * deployed rested." While the constant applies, a Unit matching the target's filter (seen from the
   * controller; either player's) that is deployed enters the battle area rested instead of active
   * (5-4-2 "generally set as active"; the card's text takes precedence, 1-3-1).
   */
  | { type: 'deploys-rested'; target: Extract<Selector, { type: 'all' }> };

interface AbilityBase {
  /** The ability's text as printed (reminder text removed). */
  text: string;
  /** 【During Pair】/【During Link】/pilot qualifiers and "while …" conditions of the whole ability. */
  requires: Condition[];
  /** 【Once per Turn】: at most once each turn. */
  oncePerTurn: boolean;
  /** The sentence patterns (by id) that read it, for coverage counts. */
  patterns: string[];
}

export type CompiledAbility =
  | (AbilityBase & {
      kind: 'triggered';
      trigger: Trigger;
      effect: EffectStep[];
      /**
       * Added by the compiler (wording only): printed as 【Deploy･Development N】 (13-1-8-1). The effect
       * already says what it means: an optional exile-from-trash of N (G Generation) cards, then the
       * following effect with ifDone.
       */
      development?: number;
      /**
       * Added by the compiler (7 cards), for trigger 'receives-damage' (and 'friendly-receives-damage'): which damage triggers it.
       * kind 'battle' / 'effect' = only that kind of damage (5-5-3 / 5-5-4); enemy = only damage
       * dealt by an enemy card ("receives enemy damage", "receives damage from an enemy"). Absent
       * field or absent key = any. A reduce-damage step reduces only the damage that triggered it.
       * Also for 'friendly-receives-damage', and for the shield-area-card triggers ({kind:'battle'}:
       * "with battle damage"; absent: "with damage").
       */
      damage?: { kind?: 'battle' | 'effect'; enemy?: boolean };
      /**
       * Added by the compiler (1 card), for trigger 'uses-support' only: the Unit <Support>
       * increased must match this ("to increase a (ZAFT) Unit's AP" = {side:'friendly',
       * type:'unit', traits:['ZAFT']}). Absent = any Unit.
       */
      supported?: Filter;
      /** Added by the compiler (7 cards), for 'friendly-receives-damage', 'friendly-destroys-shield-area-card' and 'friendly-destroys-enemy-with-battle-damage': the friendly Units it watches. */
      watched?: Filter;
      /** Added by the compiler (3 cards), for 'pairs-pilot' only: the Pilot paired (absent = any Pilot). */
      pilot?: Filter;
      /** Added by the compiler (2 cards), for 'pairs-pilot' ("with this Unit or one of your white Units") and 'friendly-deployed' ("When this Unit or one of your (Neo Zeon) Units is deployed"): this Unit counts too. */
      orSelf?: true;
      /** Added by the compiler (4 cards), for trigger 'deals-battle-damage' only: the enemy Unit dealt the damage. */
      dealtTo?: Filter;
      /**
       * Added by the compiler (1 card, a Base), for 'receives-damage': "When this Base receives battle
       * damage from an enemy Unit with 3 or less AP, deal 1 damage to that Unit.": the Unit that dealt
       * the damage must match (as it is then); "that Unit" is it.
       */
      dealtBy?: Filter;
      /**
       * Added by the compiler (2 cards), for 'destroys-enemy-with-battle-damage' and
       * 'enemy-destroyed-while-attacking': the enemy Unit destroyed must match this, as it last was in play ("an enemy Unit paired with a (Newtype) Pilot").
       */
      destroyedUnit?: Filter;
      /**
       * Added by the compiler (1 card, wording only), for 'friendly-destroys-shield-area-card': printed
       * as "When damage from one of your … Units destroys an enemy shield area card, …" (any damage).
       */
      damageFrom?: boolean;
      /**
       * Added by the compiler (2 cards, wording only), for 'friendly-destroys-enemy-with-battle-damage':
       * printed "When a friendly green (G Generation) Unit destroys …" (not "one of your … Units").
       */
      aFriendly?: true;
      /** Added by the compiler (1 card), for 'friendly-rested-by-effect': only an effect of the controller's opponent ("one of your opponent's effects"). */
      by?: 'opponent';
      /** Added by the compiler (1 card), for 'activates-command': the Command must match this ("a (Special Move) Command's"); absent = any Command. */
      command?: Filter;
      /** Added by the compiler (1 card, wording only), for 'activates-command': printed "… 【Main】/【Action】 effect". */
      effectWord?: true;
      /**
       * Added by the compiler (2 cards), for 'activates-command': "When you play and activate a (Dawn of
       * Fold) Command card using an EX Resource": only a Command played from the hand (10-1-8-1) with an
       * EX Resource paying part of its cost (5-17-3-2-1, 5-17-3-2-3); not one a 【Burst】 activates (no cost).
       */
      usingEx?: true;
      /**
       * Added by the compiler (wording only), for 'pays-for-unit-effect': 'cost-units' = "① or more cost
       * for one of your Units' effects", 'friendly' = "① or more for a friendly Unit's effect"; absent =
       * "① or more for one of your Unit's effects".
       */
      payWords?: 'cost-units' | 'friendly';
      /** Added by the compiler (1 card), for 'blocked': the blocking Unit must match this. */
      blocker?: Filter;
      /**
       * Added by the compiler (1 card), for 'friendly-deployed' (wording only): printed "When another
       * friendly (G Generation) Unit that is Lv.3 is deployed, " (`watched` has `other`).
       */
      another?: true;
      /**
       * Added by the compiler (1 card), for 'friendly-attacks': "When another Unit attacks an enemy
       * Unit, ": only an attack whose target is an enemy Unit (not the player). An enemy Unit is one of
       * the opponent's (12-2-6), and only a Unit of that Unit's opponent can attack it (8-2-1), so the
       * attacking Unit is one of the controller's own, other than this one (`watched`).
       */
      attacksUnit?: true;
      /**
       * Added by the compiler (1 card), for 'destroys-enemy-with-battle-damage': "When this Unit destroys
       * an enemy card with battle damage, ": an enemy Unit, or a card of the enemy shield area (a Base
       * or a Shield, 4-6-1) its battle damage destroyed.
       */
      anyCard?: true;
      /**
       * Added by the compiler (1 card), for 'end-of-turn': "At the end of a turn where …": the end of
       * either player's turn (7-6-4-1), not only its controller's; the "where" clause is a `requires`
       * condition ('this-turn' with `where`) read then.
       */
      anyTurn?: true;
    })
  | (AbilityBase & { kind: 'activated'; window: 'main' | 'action'; cost: Cost; effect: EffectStep[] })
  | (AbilityBase & { kind: 'command'; windows: ('main' | 'action')[]; effect: EffectStep[] })
  | (AbilityBase & { kind: 'constant'; effects: Constant[] })
  /** 【Pilot】[Name]: handled by the pair action (3-4-6). */
  | (AbilityBase & { kind: 'pilot'; pilotName: string })
  /**
   * Added by the compiler: a bare keyword line (<Blocker>, 【Activate･Main】<Support 2>). The engine
   * already runs 13-1 keywords from the card's `keywords`; this records that the line is understood.
   */
  | (AbilityBase & { kind: 'keyword'; keyword: IrKeywordInstance; /** 【Activate･Main】<Support 2> is printed with its timing. */ activate?: 'main' | 'action' });

/** Why an ability could not be compiled. */
export type UnsupportedReason =
  /** No sentence pattern reads this clause. */
  | 'no-pattern'
  /** The seed lost a keyword name or amount that the clause depends on. */
  | 'source-lost'
  /** The clause depends on hidden information or a choice the engine cannot model. */
  | 'hidden-information'
  /** Multiplayer-only text (enemy players, each enemy player). */
  | 'multiplayer';

export interface UnsupportedAbility {
  kind: 'unsupported';
  text: string;
  /** The exact clause no pattern read. */
  unread: string;
  reason: UnsupportedReason;
  /** Human words on the reason. */
  detail: string;
}

export type Ability = CompiledAbility | UnsupportedAbility;

/** "full": every ability compiled; "partial": some did not; "none": the card has no effect text. */
export type EffectsCoverage = 'full' | 'partial' | 'none';

/** What the corpus build stores on each card. */
export interface CardAbilities {
  abilities: Ability[];
  effects: EffectsCoverage;
}
