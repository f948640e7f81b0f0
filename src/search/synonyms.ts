/**
 * Words players use for things the rules name differently ("tap" for rest, "graveyard" for trash,
 * "mulligan" for redraw). A query gets the rules' words added, at a lower weight than its own.
 */
import { KEYWORDS } from '../corpus/keywords.js';
import type { Language } from '../corpus/types.js';
import { hasJapanese } from './text.js';

const PLAYER_WORDS: [RegExp, string][] = [
  [/\b(?:tap|taps|tapped|tapping|turn sideways|exhaust(?:ed)?)\b/, 'rest rested'],
  [/\b(?:untap|untaps|untapped|ready|readies|refresh|upright|straighten(?:ed)?)\b|\b(?:come|comes|coming|stand|stands|standing|get|gets) (?:back )?up\b/, 'active set active active step'],
  [/\b(?:graveyard|discard pile|discard zone|gy|yard|dead pile)\b/, 'trash'],
  [/\b(?:mulligan|mulligans|redraw|re-draw|new hand)\b/, 'redraw starting hand'],
  [/\b(?:life|lives|life points|health)\b/, 'shield shields defeat'],
  [/\b(?:exile|exiled|banish|banished)\b/, 'removal area remove'],
  [/\b(?:creature|creatures|monster|monsters|mobile suits?|mechs?|minions?)\b/, 'unit units'],
  [/\b(?:mana|lands?|energy)\b/, 'resource resources'],
  [/\b(?:go first|going first|first player|play first|starting player)\b/, 'player one'],
  [/\b(?:go second|going second|second player)\b/, 'player two'],
  [/\b(?:scoop|forfeit|give up|resign)\b/, 'concede'],
  [/\b(?:kill|kills|killed|dies|die|died|ko|ko'd|dead)\b/, 'destroyed destroy'],
  [/\b(?:summon|summons|summoned|cast|casts|put into play|bring out)\b/, 'deploy play'],
  [/\b(?:equip|attach|attached|ride|rides|board)\b/, 'pair paired pilot'],
  [/\b(?:blocks?|blocking|intercept)\b/, 'blocker block step'],
  [/\b(?:trample|pierce|overflow)\b/, 'breach'],
  [/\b(?:heal|heals|healing|regenerate)\b/, 'repair recover hp'],
  [/\b(?:unblockable|evasion)\b/, 'high-maneuver'],
  [/\b(?:hand size|max(?:imum)? hand|hand limit)\b/, 'hand limit ten discard'],
  [/\b(?:deck out|decked|decking|empty deck|no cards left|run out of cards)\b/, 'no cards deck defeat'],
  [/\b(?:counterattack|strike back|fight back|damage back)\b/, 'battle damage simultaneously'],
  [/\b(?:mill|milled)\b/, 'deck trash'],
  [/\b(?:face|directly|direct attack|attack the player)\b/, 'player shield'],
  [/\b(?:instant|instants|quick)\b/, 'action step'],
  [/\b(?:trigger|triggers|etb|enters)\b/, 'triggered activate'],
  [/\b(?:wins?|winning|victory)\b/, 'win defeat'],
  [/\b(?:loses?|losing)\b/, 'defeat'],
  [/\b(?:headphones|earbuds|music|phone|phones)\b/, 'electronic devices behavior'],
  [/\b(?:copies|copy|duplicates?|playset)\b/, 'four copies card number'],
  [/\b(?:sleeve|sleeves|sleeved)\b/, 'sleeves'],
  [/\b(?:phases|turn structure|steps of a turn|parts of a turn)\b/, 'start phase draw phase resource phase main phase end phase'],
  [/\b(?:in play|on the field|on board|on the board|battlefield)\b/, 'battle area field'],
  [/\b(?:seventh|7th|too many|over the limit|board is full|full board)\b/, 'upper limit six excess'],
  [/\b(?:max|maximum|cap)\b|\bhow many\b.*\b(?:can|may)\b.*\b(?:have|hold|keep|put|play|deploy)\b/, 'up to limit'],
  [/\b(?:below zero|below 0|less than zero|minus|negative)\b/, 'negative zero'],
  [/\b(?:more than|exceed|exceeds|beyond|overflow)\b/, 'exceeds excess'],
  [/\b(?:carry over|carries over|carried over|spill|spills|spillover|leftover|left over)\b/, 'excess exceeds another'],
  [/\b(?:clockwise|counterclockwise|turn order)\b/, 'clockwise first'],
  [/\b(?:which (?:one )?wins|which takes|takes priority|take priority|priority over|overrides?|trumps?|conflict(?:s|ing)?|contradicts?|precedence)\b/, 'precedence takes precedence contradicts'],
  [/\b(?:at the same time|simultaneous(?:ly)?|same time)\b/, 'simultaneously'],
  [/\b(?:blue|red|green|white|purple)\b/, 'color'],
  [/\b(?:abilit(?:y|ies)|powers?)\b/, 'effect effects card text'],
  [/\b(?:bounce[ds]?|returned to (?:my |the |its owner's |their )?hand|return(?:s|ed)? it to (?:my |the )?hand|replay(?:s|ed)?|leaves? the (?:field|battle area)|zone change)\b/, 'moves between locations new card'],
  [/\b(?:forgot|forget|forgotten|forgetting|missed|miss)\b/, 'forgetting missed'],
  [/\b(?:mandatory|automatic|must trigger)\b/, 'automatic'],
  [/\b(?:summoning sick(?:ness)?|sick)\b/, 'deployed this turn cannot attack'],
  [/\b(?:go(?:es)? face|hit face|face damage)\b/, 'attack player'],
  [/\b(?:each turn|every turn|per turn)\b/, 'phase'],
  [/\b(?:buff|buffs|buffed|debuff|debuffs|debuffed|pump|pumped|boost|boosted)\b/, 'modified effect AP'],
  [/\b(?:2v2|2 v 2|two vs two|2 vs 2|teams?|teammates?|partner|ally|allies)\b/, 'team battle teammate'],
  [/\b(?:wear off|wears off|wore off|expire|expires|expired|runs out)\b/, 'lose effect cleanup'],
  [/\b(?:0|zero) (?:ap|damage|power)\b/, 'damage zero not dealt'],
  [/\b(?:waiting|pending|on the stack|stack|queued)\b/, 'awaiting activation triggered'],
  [/\b(?:sheilds?|sheild)\b/, 'shield shields'],
  [/\b(?:have to|must|do i need to|need to|required to) (?:tell|say|reveal|answer|show)\b|\bhow many cards\b/, 'public information number of cards confirm'],
  [/\b(?:both|at once|same time|simultaneously)\b.*\b(?:los[et]|losing|defeat(?:ed)?|deck out)\b|\b(?:los[et]|defeat(?:ed)?)\b.*\b(?:both|at once|same time)\b/, 'all players defeat condition immediately'],
  [/\b(?:which (?:one )?applies|which (?:one )?happens|can and can't|can't and can)\b/, 'precedence takes precedence'],
];

/**
 * Japanese players' words for what the rules name otherwise (負け for 敗北, タップ for レスト). Added to
 * a Japanese query at a lower weight, like the English ones.
 */
const JA_WORDS: [RegExp, string][] = [
  [/負け|負ける|敗け/, '敗北'],
  [/勝ち|勝つ/, '勝利'],
  [/タップ/, 'レスト'],
  [/アンタップ|起き上が/, 'アクティブ'],
  [/墓地|捨て札/, 'トラッシュ'],
  [/マリガン|引きなおし|引き直す/, '引き直し'],
  [/ライフ/, 'シールド'],
  [/手札上限|手札の上限|手札 上限/, 'ハンドステップ 10枚'],
  [/最初|はじめ|初め|ゲーム開始/, 'ゲーム前 開始'],
  [/[0０]枚|ゼロ|なくなった|無い|ない/, '1枚もない'],
  [/召喚|出す/, '配備'],
  [/装備|乗せる/, 'セット'],
  [/ブロック/, 'ブロッカー'],
  [/先手/, '先攻'],
  [/後手/, '後攻'],
  // The concepts the English list has and this one lacked: a limit ("max", "cap"), a value below
  // zero, a card that leaves and comes back (a new card), giving up.
  [/上限|最大|マックス|何枚まで|何体まで/, '最大 上限 まで'],
  [/マイナス|負の|0未満|ゼロ未満|下回/, '負の整数 0'],
  [/出し直|戻して|手札に戻|バウンス|再配備|入れ直/, '領域間の移動 新しいカード'],
  [/降参|サレンダー|リタイア/, '投了'],
];

/** The rules' words for a Japanese query's players' words. */
export function expandJapanese(query: string): string {
  const extra: string[] = [];
  for (const [re, words] of JA_WORDS) if (re.test(query)) extra.push(words);
  return extra.join(' ');
}

/** Keyword aliases compiled once: building a RegExp per alias per query showed in the search p99. */
const KEYWORD_ALIASES: [RegExp, string][] = KEYWORDS.flatMap((k) =>
  k.aliases.map((alias): [RegExp, string] => [new RegExp(`\\b${alias.replace(/[-\s]+/g, '[-\\s]')}\\b`, 'i'), k.name]),
);

/** The rules' words (and keyword names) for an English query's players' words. */
export function expandQuery(query: string): string {
  const q = query.toLowerCase();
  const extra: string[] = [];
  for (const [re, words] of PLAYER_WORDS) if (re.test(q)) extra.push(words);
  for (const [re, name] of KEYWORD_ALIASES) if (re.test(q)) extra.push(name);
  return extra.join(' ');
}

/** The words to add to a query searched in `language`: Japanese ones only for Japanese text. */
export function expansionFor(query: string, language: Language): string {
  return language === 'en' || !hasJapanese(query) ? expandQuery(query) : expandJapanese(query);
}
