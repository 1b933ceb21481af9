/**
 * Hand-written plain sentences of work, errands and home life: extra negatives for Toxicity.
 *
 * The tweets and statements of `toxicity.jsonl` hold little plain text, and the benign prompts
 * borrowed from `harmful_request.jsonl` are questions and tasks. With those prompts at a low weight
 * the model scored short plain sentences close to its threshold ("She moved here from France"
 * 0.36 at 0.40). None of these sentences is in an eval file or in the everyday sets that measure
 * false alarms (`train/everyday/`).
 */
export const EVERYDAY_PLAIN = [
  'The train leaves at half past eight.',
  'Could you book a table for four on Saturday?',
  'The package arrived this morning.',
  'I moved to Lisbon two years ago.',
  'We are out of milk and eggs.',
  'My sister works at the hospital downtown.',
  'The quarterly report is attached.',
  'Let me know when you are free for a call.',
  'The printer on the second floor is out of paper.',
  'Our flight was delayed by an hour.',
  'He grew up in a small town near the coast.',
  'The library closes early on Sundays.',
  'Thanks for the update, I will review it tomorrow.',
  'The kids start school next week.',
  'Please remember to water the plants.',
  'The new office is close to the station.',
  'I left my umbrella at the restaurant.',
  'She is visiting her parents for the holidays.',
  'The contract needs two signatures.',
  'We painted the kitchen last weekend.',
  'The meeting was moved to Thursday afternoon.',
  'My neighbour plays the piano in the evenings.',
  'Can you forward me the tracking number?',
  'The store opens at nine.',
  'Their son just started a job in Toronto.',
  'I need to renew my passport before March.',
  'The soup needs a little more salt.',
  'The team finished the project ahead of schedule.',
  'He is from Nigeria and speaks three languages.',
  'Please confirm the delivery address.',
  'The bus was crowded this morning.',
  'We adopted a cat from the shelter.',
  'The payment should go through by Wednesday.',
  'My grandmother still writes letters by hand.',
  'The hotel has a pool and a small gym.',
  'I will bring dessert to the party.',
  'The bill for the repairs came to two hundred euros.',
  'They opened a bakery on the corner.',
  'Could you send over the updated schedule?',
  'She teaches chemistry at the high school.',
];
