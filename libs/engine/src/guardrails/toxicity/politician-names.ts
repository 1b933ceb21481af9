/**
 * Names of politicians, which the Toxicity model does not read (its `silentWords`, set by the
 * trainer and kept in the model file). The tweets and comments it learned from name them mostly in
 * anger, so a name alone had become a sign of toxicity: "Biden signed the bill today." scored 0.76
 * and "Joe is here." 0.84 (threshold 0.37). A name says nothing about tone; the insult, slur or
 * threat around it still counts ("Biden is a senile idiot" fails).
 *
 * The list: presidents, vice-presidents, leading candidates and party leaders of the United States
 * since 1990, with the given names they are called by alone, and heads of government abroad most
 * named in English political talk. Not "Brandon": "Let's go Brandon" is itself an insult.
 */
export const POLITICIAN_NAMES = (
  'bush clinton hillary gore cheney obama barack trump donald biden joe pence harris kamala vance ' +
  'mccain romney sanders bernie pelosi nancy mcconnell mitch schumer desantis newsom cruz aoc ocasio cortez ' +
  'cuomo fauci haley putin zelensky zelenskyy macron trudeau merkel scholz modi netanyahu erdogan ' +
  'boris starmer sunak farage corbyn'
).split(' ');
