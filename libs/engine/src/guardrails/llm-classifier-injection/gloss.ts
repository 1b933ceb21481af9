/**
 * German words the injection model reads as their English counterparts (`FeatureSpec.aliases`),
 * spelled as the normaliser folds them (lower case, umlauts without their dots). German is the
 * data's second language: about 50 of the deepset texts, attacks ("Ich möchte, dass Sie als
 * Linux-Terminal fungieren", "Jetzt bist du Xi Jinping") and questions alike. Read word for word as
 * English, a German attack shares the features the model learned from the far more numerous
 * English ones. The list holds the words of instructions, personas and requests and the pronouns
 * between them ("dass Sie als" reads "that you as"), and no word that is also a common English word
 * or command ("will", "was", "die", "dir"). Articles and other function words were tried too: no
 * better F1, and more benign prompts flagged (docs/guardrails/prompt-attacks.md).
 */
function to(english: string, ...german: string[]): Record<string, string> {
  return Object.fromEntries(german.map((w) => [w, english]));
}

export const GERMAN_GLOSS: Readonly<Record<string, string>> = {
  // What an attack overrides or asks for.
  ...to('instructions', 'anweisungen'),
  ...to('instruction', 'anweisung'),
  ...to('commands', 'befehle'),
  ...to('command', 'befehl'),
  ...to('rules', 'regeln', 'vorgaben'),
  ...to('guidelines', 'richtlinien'),
  ...to('information', 'informationen', 'angaben'),
  ...to('statements', 'ausfuhrungen'),
  ...to('prompt', 'eingabeaufforderung', 'aufforderung'),
  ...to('input', 'eingabe', 'eingaben'),
  ...to('output', 'ausgabe'),
  ...to('task', 'aufgabe'),
  ...to('tasks', 'aufgaben'),
  ...to('question', 'frage'),
  ...to('challenge', 'herausforderung'),
  ...to('answer', 'antwort'),
  ...to('password', 'passwort'),
  ...to('secret', 'geheim', 'geheimnis'),
  ...to('restrictions', 'einschrankungen'),
  ...to('censorship', 'zensur'),
  ...to('style', 'stil'),
  ...to('role', 'rolle'),
  ...to('roles', 'rollen'),
  ...to('actors', 'schauspieler'),
  ...to('character', 'charakter', 'figur'),
  // What the writer tells the model to do.
  ...to('ignore', 'ignoriere', 'ignorieren', 'ignoriert', 'ignorier'),
  ...to('forget', 'vergiss', 'vergessen', 'vergesst', 'vergisst'),
  ...to('follow', 'befolge', 'befolgen'),
  ...to('reveal', 'verrate', 'verraten'),
  ...to('act', 'fungieren', 'agieren', 'fungierst'),
  ...to('behave', 'verhalte', 'verhalten'),
  ...to('play', 'spiele', 'spielst'),
  ...to('answer', 'antworte', 'antworten', 'antwortest', 'beantworte', 'beantworten', 'beantwortest'),
  ...to('write', 'schreibe', 'schreib', 'verfasse', 'verfassen'),
  ...to('say', 'sagen'),
  ...to('said', 'gesagt'),
  ...to('print', 'drucke', 'drucken'),
  ...to('repeat', 'wiederhole', 'wiederholen'),
  ...to('translate', 'ubersetze', 'ubersetzen'),
  ...to('show', 'zeige', 'zeig'),
  ...to('give', 'gib'),
  ...to('want', 'mochte'),
  ...to('need', 'brauche'),
  ...to('must', 'musst', 'mussen'),
  ...to('help', 'hilfe'),
  ...to('please', 'bitte'),
  ...to('done', 'erledigt'),
  // Where and when.
  ...to('previous', 'vorherigen', 'vorherige', 'vorheriges', 'bisherigen'),
  ...to('above', 'obigen', 'obige', 'oben', 'daruber'),
  ...to('before', 'davor', 'bisher'),
  ...to('following', 'folgende', 'folgenden'),
  ...to('new', 'neue', 'neuen'),
  ...to('another', 'weitere', 'weiteren'),
  ...to('next', 'nachste'),
  ...to('now', 'jetzt', 'nun'),
  // Pronouns, quantifiers and the words between them.
  ...to('you', 'du', 'dich', 'sie', 'ihnen'),
  ...to('i', 'ich'),
  ...to('me', 'mir', 'mich'),
  ...to('your', 'dein', 'deine', 'deinen', 'deiner', 'deines'),
  ...to('my', 'mein', 'meine', 'meinen'),
  ...to('all', 'alle', 'allen'),
  ...to('everything', 'alles'),
  ...to('not', 'nicht'),
  ...to('no', 'keine', 'kein'),
  ...to('without', 'ohne'),
  ...to('very', 'sehr'),
  ...to('that', 'dass'),
  ...to('as', 'als'),
  ...to('are', 'bist', 'sind'),
  ...to('is', 'ist'),
  ...to('who', 'wer'),
  ...to('how', 'wie'),
  ...to('why', 'warum'),
};
