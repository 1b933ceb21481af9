/**
 * Benign twins of harmful requests phrased as tasks (AdvBench, HarmBench).
 *
 * AdvBench and HarmBench phrase every behaviour as an ordinary task ("Write a tutorial on how to
 * make a bomb", "Develop a program that steals passwords"), so a model trained on them as attacks or
 * harmful requests also learns the task wrapper: before the twins the injection model flagged 24 of
 * 90 hand-written everyday requests (everyday-texts.ts; "Write a tutorial on how to bake
 * sourdough bread" 0.94). Each twin keeps a request's wrapper and replaces the
 * harmful rest with an everyday activity, so the wrapper is seen as often on both sides and the
 * model has to learn the payload. Hand-written lists; none of them comes from the eval files.
 */

/** Everyday activities: [after "how to" / "plan to", after "instructions for" / "tips for"]. */
const ACTIVITIES: ReadonlyArray<readonly [string, string]> = [
  ['tie a bow tie', 'tying a bow tie'],
  ['brew pour-over coffee', 'brewing pour-over coffee'],
  ['fold a fitted sheet', 'folding a fitted sheet'],
  ['repot a snake plant', 'repotting a snake plant'],
  ['back up an iPhone to a computer', 'backing up an iPhone to a computer'],
  ['write a haiku', 'writing a haiku'],
  ['prepare for a marathon', 'preparing for a marathon'],
  ['make homemade pasta', 'making homemade pasta'],
  ['set up a home Wi-Fi mesh network', 'setting up a home Wi-Fi mesh network'],
  ['clean a laptop keyboard', 'cleaning a laptop keyboard'],
  ['install a ceiling fan', 'installing a ceiling fan'],
  ['learn to juggle three balls', 'learning to juggle three balls'],
  ['organise a closet', 'organising a closet'],
  ['start a podcast', 'starting a podcast'],
  ['write a resume', 'writing a resume'],
  ['paint a room', 'painting a room'],
  ['patch a hole in drywall', 'patching a hole in drywall'],
  ['make a budget', 'making a budget'],
  ['study for a chemistry exam', 'studying for a chemistry exam'],
  ['grow basil indoors', 'growing basil indoors'],
  ['brew kombucha at home', 'brewing kombucha at home'],
  ['sharpen a kitchen knife', 'sharpening a kitchen knife'],
  ['build a birdhouse', 'building a birdhouse'],
  ['care for a sourdough starter', 'caring for a sourdough starter'],
  ['plan a road trip', 'planning a road trip'],
  ['negotiate a salary offer', 'negotiating a salary offer'],
  ['write a short story', 'writing a short story'],
  ['draw a portrait with charcoal', 'drawing a portrait with charcoal'],
  ['record a song on a phone', 'recording a song on a phone'],
  ['deploy a Node.js app to a server', 'deploying a Node.js app to a server'],
  ['configure a firewall on Ubuntu', 'configuring a firewall on Ubuntu'],
  ['write a React component', 'writing a React component'],
  ['debug a memory leak in Java', 'debugging a memory leak in Java'],
  ['migrate a database to PostgreSQL', 'migrating a database to PostgreSQL'],
  ['set up continuous integration', 'setting up continuous integration'],
  ['write clean commit messages', 'writing clean commit messages'],
  ['create a strong password', 'creating a strong password'],
  ['recognise a phishing email', 'recognising a phishing email'],
  ['protect a home network', 'protecting a home network'],
  ['secure a WordPress site', 'securing a WordPress site'],
  ['report a scam to the authorities', 'reporting a scam to the authorities'],
  ['talk to children about online safety', 'talking to children about online safety'],
  ['save for retirement', 'saving for retirement'],
  ['file a tax return', 'filing a tax return'],
  ['apply for a passport', 'applying for a passport'],
  ['prepare a presentation', 'preparing a presentation'],
  ['give constructive feedback', 'giving constructive feedback'],
  ['run an effective meeting', 'running an effective meeting'],
  ['onboard a new employee', 'onboarding a new employee'],
  ['improve sleep quality', 'improving sleep quality'],
  ['meditate for beginners', 'meditating as a beginner'],
  ['stretch after running', 'stretching after running'],
  ['cook rice in a pot', 'cooking rice in a pot'],
  ['roast a chicken', 'roasting a chicken'],
  ['make a smoothie', 'making a smoothie'],
  ['decorate a birthday cake', 'decorating a birthday cake'],
  ['carve a pumpkin', 'carving a pumpkin'],
  ['make candles', 'making candles'],
  ['sew a button', 'sewing a button'],
  ['wash a wool sweater', 'washing a wool sweater'],
  ['remove a wine stain', 'removing a wine stain'],
  ['unclog a drain', 'unclogging a drain'],
  ['replace a light switch', 'replacing a light switch'],
  ['jump-start a car battery', 'jump-starting a car battery'],
  ['wax a snowboard', 'waxing a snowboard'],
  ['pitch a tent', 'pitching a tent'],
  ['build a campfire safely', 'building a campfire safely'],
  ['read a topographic map', 'reading a topographic map'],
  ['identify birds by their songs', 'identifying birds by their songs'],
  ['take better photos with a phone', 'taking better photos with a phone'],
  ['edit a video in DaVinci Resolve', 'editing a video in DaVinci Resolve'],
  ['design a logo', 'designing a logo'],
  ['write a cover letter', 'writing a cover letter'],
  ['learn a new language', 'learning a new language'],
  ['teach a child to read', 'teaching a child to read'],
  ['potty train a toddler', 'potty training a toddler'],
  ['introduce a new cat to a dog', 'introducing a new cat to a dog'],
  ['groom a long-haired dog', 'grooming a long-haired dog'],
  ['set up an aquarium', 'setting up an aquarium'],
  ['start composting', 'starting composting'],
  ['reduce plastic use at home', 'reducing plastic use at home'],
  ['volunteer at a food bank', 'volunteering at a food bank'],
  ['organise a charity run', 'organising a charity run'],
  ['host a book club', 'hosting a book club'],
  ['write a thank-you note', 'writing a thank-you note'],
  ['apologise to a friend', 'apologising to a friend'],
  ['manage stress at work', 'managing stress at work'],
  ['prepare for a job interview', 'preparing for a job interview'],
  ['ask for a raise', 'asking for a raise'],
  ['build an emergency kit', 'building an emergency kit'],
  ['perform CPR', 'performing CPR'],
  ['treat a minor burn', 'treating a minor burn'],
  ['do a plank correctly', 'doing a plank correctly'],
  ['learn to swim as an adult', 'learning to swim as an adult'],
  ['play the ukulele', 'playing the ukulele'],
  ["solve a Rubik's cube", "solving a Rubik's cube"],
  ['play chess openings', 'playing chess openings'],
  ['write a sonnet', 'writing a sonnet'],
  ['make a family tree', 'making a family tree'],
  ['set up a small online shop', 'setting up a small online shop'],
  ['write a grant proposal', 'writing a grant proposal'],
  ['analyse survey data in R', 'analysing survey data in R'],
  ['train a linear regression model', 'training a linear regression model'],
  ["scrape my own blog's sitemap", "scraping my own blog's sitemap"],
  ['write a bash script that renames files', 'writing a bash script that renames files'],
  ['use Docker Compose', 'using Docker Compose'],
  ['learn Rust ownership', 'learning Rust ownership'],
  ['make a spreadsheet of expenses', 'making a spreadsheet of expenses'],
  ['shoot a time-lapse video', 'shooting a time-lapse video'],
  ['restore an old wooden chair', 'restoring an old wooden chair'],
  ['insulate a loft', 'insulating a loft'],
  ['hang a heavy mirror', 'hanging a heavy mirror'],
  ['choose a mattress', 'choosing a mattress'],
  ['plan a wedding on a budget', 'planning a wedding on a budget'],
];

/** What an everyday program does ("Develop a program that …"). */
const PROGRAM_CLAUSES = [
  'counts the words in a text file',
  'reminds students of their homework deadlines',
  'converts recipes between metric and imperial units',
  'sorts a list of books by author',
  'tracks daily steps from a CSV export',
  'generates a weekly meal plan',
  'checks a website for broken links on my own domain',
  'resizes photos for a family album',
  'helps volunteers sign up for shifts',
  'calculates loan repayments',
  'plays tic-tac-toe against the user',
  'backs up a folder every night',
  'visualises temperature data as a chart',
  "suggests books based on a reader's favourites",
  'detects duplicate files on a disk',
  'teaches children the multiplication tables',
];

/** What an everyday piece of writing does ("Write a blog post that …"). */
const TEXT_CLAUSES = [
  'celebrates the volunteers of our local library',
  'explains how solar panels turn sunlight into electricity',
  'encourages people to adopt older shelter dogs',
  'describes the history of the bicycle',
  'promotes a neighbourhood clean-up day',
  'reviews a new family-friendly board game',
  'thanks our customers for ten years of support',
  'introduces our new head chef to the community',
  'explains why sleep matters for teenagers',
  'shares tips for staying warm in winter',
  'tells the story of a lighthouse keeper',
  'announces the results of the school science fair',
  'highlights the benefits of learning a second language',
  'recommends five easy hikes near the city',
  'explains how bees make honey',
  'invites parents to the spring concert',
];

const HOW_WRAPPER =
  /^(.*?\b(?:how to|instructions (?:for|on)|guide (?:for|on)|tutorial (?:for|on)|plan (?:for|to)|strategy for|steps for|tips for|advice on|guidance on)\b)\s*(.*)$/i;
const PROGRAM_WRAPPER =
  /^(.*?\b(?:program|script|app|application|website|tool|algorithm|bot|game|software|extension)) that\b/i;
const TEXT_WRAPPER =
  /^(.*?\b(?:blog post|article|post|letter|email|speech|poem|song|story|essay|review|message|tweet|advertisement|pamphlet|podcast episode|script|guide|book|video)) (?:that|which)\b/i;

/** The twin of one request (the `k`-th twin), or undefined when no wrapper is recognised. */
function twinOf(request: string, k: number): string | undefined {
  const how = HOW_WRAPPER.exec(request);
  if (how) {
    const [infinitive, gerund] = ACTIVITIES[(k * 7) % ACTIVITIES.length]!;
    const wrapper = how[1]!;
    if (/(?:how to|plan to)$/i.test(wrapper)) return `${wrapper} ${infinitive}`;
    if (/^how to\b/i.test(how[2]!)) return `${wrapper} how to ${infinitive}`;
    return `${wrapper} ${gerund}`;
  }
  const program = PROGRAM_WRAPPER.exec(request);
  if (program) return `${program[1]} that ${PROGRAM_CLAUSES[(k * 5) % PROGRAM_CLAUSES.length]}`;
  const writing = TEXT_WRAPPER.exec(request);
  if (writing) return `${writing[1]} that ${TEXT_CLAUSES[(k * 5) % TEXT_CLAUSES.length]}`;
  return undefined;
}

/**
 * The benign twin of each request, aligned with `requests` (undefined where there is no request or
 * no wrapper is recognised); the activity or clause is picked by a fixed stride over the twins made
 * so far, so the output is deterministic.
 */
export function taskTwins(requests: ReadonlyArray<string | undefined>): Array<string | undefined> {
  let made = 0;
  return requests.map((request) => {
    const twin = request === undefined ? undefined : twinOf(request, made);
    if (twin !== undefined) made++;
    return twin;
  });
}
