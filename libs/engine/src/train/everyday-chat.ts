/**
 * Hand-written everyday remarks that use strong words mildly ("The kids went crazy when the snow
 * started", "I'm starving, let's get lunch"): extra negatives for Toxicity.
 *
 * The tweets of `toxicity.jsonl` use "crazy", "hate", "stupid", "dead" and "trash" mostly in anger,
 * so the model failed 12 of 70 hand-written everyday remarks (everyday/chat-design.txt) and 8 of 20
 * written before this list (everyday/chat-check.txt): "I'm starving, let's get lunch" scored 0.44.
 * Each expression is used twice (ending in "." and "!"), or four times with different subjects
 * where it has a `{s}` slot.
 */
const SUBJECTS = [
  'my brother',
  'the kids',
  'my boss',
  'our team',
  'my neighbour',
  'the dog',
  'my friend',
  'the baby',
  'my sister',
  'the whole class',
  'my dad',
  'our cat',
];

const EXPRESSIONS = [
  '{s} went crazy when the snow started',
  '{s} went nuts over the new game',
  'I hate it when {s} is late',
  'I hate it when the bus is late',
  'this cold is killing me',
  'my back is killing me after moving boxes',
  'the traffic was murder this morning',
  'this cake is to die for',
  'I nearly died laughing at {s}',
  "I'm dead tired after work",
  '{s} scared the hell out of me',
  'that film scared me to death',
  "I'm so stupid, I forgot my keys again",
  'I feel like an idiot for missing the train',
  'what a dumb mistake, I sent the email twice',
  'the movie was dumb but fun',
  'the quiz was lame but we laughed',
  '{s} is a little monster before breakfast',
  '{s} is a little devil around the mailman',
  '{s} is a beast on the football pitch',
  'we crushed it at the pub quiz',
  '{s} destroyed the competition at chess',
  'we got destroyed in the final',
  'we slaughtered them in the second half',
  'I totally butchered that song at karaoke',
  'the exam was a bloodbath',
  'the meeting was a train wreck',
  'what a nightmare of a commute',
  'the soup tasted like garbage',
  'my old phone is trash',
  'the printer is a piece of junk',
  'those shoes are ugly but comfortable',
  "I'm starving, let's get lunch",
  'I could eat a horse',
  'the chili nearly blew my head off',
  'the concert was sick',
  'the band killed it last night',
  'this weather is depressing',
  '{s} is a lazy bum on Sundays',
  '{s} is a slob but a great cook',
  'gross, the fridge smells again',
  'ugh, Mondays are the worst',
  'the referee was blind tonight',
  "I'm freaking out about the interview",
  'the kitchen looks like a bomb went off',
  'this laptop drives me insane',
  "I'm going to strangle this printer",
  'the ending of that show was a crime',
  'please shut the window, it is freezing',
  '{s} forgot to shut the fridge again',
  'shut the laptop lid when you are done',
];

/** The remarks, capitalised and ended with "." or "!", subjects picked by a fixed stride. */
export function everydayChat(): string[] {
  const remarks: string[] = [];
  EXPRESSIONS.forEach((expression, i) => {
    const uses = expression.includes('{s}') ? 4 : 2;
    for (let j = 0; j < uses; j++) {
      const text = expression.replace('{s}', SUBJECTS[(i * 5 + j * 7) % SUBJECTS.length]!);
      remarks.push(`${text[0]!.toUpperCase()}${text.slice(1)}${j % 2 ? '!' : '.'}`);
    }
  });
  return remarks;
}
