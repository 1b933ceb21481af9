/**
 * Hand-written plain sentences whose words hold a slur, an identity term or a profane word inside
 * them ("transport", "analysis", "cocktail", "Essex"): extra negatives for Toxicity.
 *
 * The model's character n-grams learn those pieces from the tweets, and on a short text one such
 * word was enough to fail it ("Public transport is cheap here." 0.53, "The transition went
 * smoothly." 0.57). The words here and those of the check set `train/everyday/inner-words.txt` are
 * disjoint, so the check measures whether the lesson carries over to words not trained on. None of
 * these sentences is in an eval file.
 */
export const EVERYDAY_INNER_WORDS = [
  'The bank transfer arrived this morning.',
  'Can you transfer the files to the shared drive?',
  'Public transport in the city runs all night.',
  'We need a van to transport the furniture.',
  'The new pricing is simple and transparent.',
  'The translator finished the contract on time.',
  'My uncle is waiting for a kidney transplant.',
  'The analysis shows sales grew in spring.',
  'Our analyst will send the numbers on Monday.',
  'We picked grapes at the farm on Sunday.',
  'I bought new drapes for the living room.',
  'They served a fruit cocktail at the party.',
  'A peacock walked across the garden.',
  'We read poems by Emily Dickinson in class.',
  'The whole class passed the exam.',
  'I assume the meeting is still at ten.',
  'Every passenger must show a ticket.',
  'She grew up in Essex and moved to Sussex.',
  'What is the title of your talk?',
  'The chess competition starts on Friday.',
  'Spread some butter on the toast.',
  'Please sign the document and send it back.',
  'Under the circumstances, we will wait a week.',
  'My colleague flew in from Nigeria yesterday.',
  'She sells handmade jewelry at the market.',
  'Mix the paint until it is homogeneous.',
  'I love spicy noodles.',
  'A raccoon got into the bins last night.',
  'He left his scrapbook on the bus.',
  'The cockpit door was locked during the flight.',
  'The hotel has a sauna and a massage room.',
  'Our assistant coach runs the Tuesday practice.',
  'The passport office opens at nine.',
  'Turn left at the Shell station.',
  'The Scunthorpe office moves next month.',
  'The document lists every transfer and transport cost.',
];
