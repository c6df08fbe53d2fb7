import type { Pattern } from './types.ts';

/**
 * Cue patterns for unlabelled text: what a sentence is for (audience, tone, a legal note, a
 * remark about the campaign itself) and, for facts, their role. Language-neutral where the cue
 * is a symbol or a figure; otherwise one alternation per language (en, es, de, fr). Each pattern
 * carries the examples that are its unit test.
 */
/** A sentence that says who the ads are for; the match is the cue, the audience follows it. */
export const AUDIENCE_CUE: Pattern = {
  id: 'audience-cue',
  re: /^(?:(?:we|she|he|they|I)(?:'d| would)? (?:want|like|wants|need|needs|hope|aim)s? to (?:reach|talk to|target|speak to|find)|(?:our )?target(?: audience)?(?: is| are)?|(?:our |the |their )?audience (?:is|are)(?: really| mainly| mostly)?|(?:it's|this is) (?:aimed at|for)|aimed at|most (?:of our )?(?:customers|clients|students|members|buyers|users|guests|patients|bookings|visitors|learners|enquiries) (?:are|come from)|(?:our )?(?:customers|clients|couples|guests|members|students|patients|users|buyers|parents|families|owners) (?:are |tend to be )?(?:mostly|mainly|largely|typically|usually|generally)(?= (?:\p{L}+ )?\d)|(?:(?:our )?(?:customers|clients|members|guests|patients|students|users|buyers|parents|learners|riders|homeowners) are |(?=mostly|mainly|largely))(?:mostly |mainly |largely |typically |usually )?(?=(?:[\p{L}-]+ ){0,3}(?:workers|professionals|families|parents|homeowners|owners|people|adults|women|men|students|retirees|couples|businesses|landlords|renters|founders|freelancers|commuters|runners|seniors|tenants)\b)|(?:nuestro )?público(?: objetivo)? (?:son|es)|queremos (?:llegar a|llegar|hablar con|atraer a)|(?:va )?dirigido a|unsere kunden sind(?: meist| vor allem| überwiegend)?|wir (?:wollen|möchten) .{0,40}? erreichen|zielgruppe (?:sind|ist)|nous (?:voulons|souhaitons) (?:toucher|atteindre|parler à)|(?:on )?s'adresse à|(?:nos|leurs|ses) clients sont(?: surtout| souvent)?|(?:their|its) (?:customers|clients) are(?: mostly| mainly)?|sus clientes son(?: sobre todo)?|ihre kunden sind(?: meist| vor allem)?)\s*:?\s*/iu,
  examples: [
    { text: 'We want to reach first-time landlords', match: 'We want to reach ' },
    { text: "We'd like to reach retired cyclists", match: "We'd like to reach " },
    { text: 'Target: small cafe owners', match: 'Target: ' },
    { text: 'Audience is really weekend gardeners', match: 'Audience is really ' },
    { text: 'Unsere Kunden sind meist Rentner', match: 'Unsere Kunden sind meist ' },
    { text: 'Queremos llegar a dueños de bares', match: 'Queremos llegar a ' },
    { text: 'Nous voulons toucher les artisans', match: 'Nous voulons toucher ' },
    { text: 'Leurs clients sont surtout des propriétaires', match: 'Leurs clients sont surtout ' },
    { text: 'Couples mostly 28-38, want something relaxed', match: 'Couples mostly ' },
    { text: 'Guests are mainly 60-75', match: 'Guests are mainly ' },
    { text: 'Couples mostly love the garden', match: null },
    { text: 'customers are mostly women 25-45', match: 'customers are mostly ' },
    { text: 'Most bookings are families with kids 10+', match: 'Most bookings are ' },
    { text: 'Parents are mostly working couples', match: 'Parents are mostly ' },
    { text: 'Mostly homeowners with big gardens', match: 'Mostly ' },
    { text: 'Our audience is mostly locals 35+', match: 'Our audience is mostly ' },
    { text: 'Members are mostly office workers who want a workout', match: 'Members are mostly ' },
    { text: 'Mostly booked by phone', match: null },
    { text: 'Customers are busy professionals and families', match: 'Customers are ' },
    { text: 'Customers are always welcome', match: null },
    { text: 'Our kettles are quiet', match: null },
  ],
};

/** A tone line, written as a sentence rather than under a label. */
export const TONE_CUE: Pattern = {
  id: 'tone-cue',
  re: /^(?:tone|the tone|voice|tono|el tono|tonalität|der ton|ton|le ton)\b(?: should be| must be| is| debe ser| sollte| doit être)?\s*:?\s*/iu,
  examples: [
    { text: 'Tone should be upbeat', match: 'Tone should be ' },
    { text: 'Le ton doit être sobre', match: 'Le ton doit être ' },
    { text: 'Tonnes of stock', match: null },
  ],
};

/**
 * A bracket that only forbids naming something ("(can't name them)", "(don't name it, contract
 * thing)"): the claim beside it names nothing and stands.
 */
export const NAMING_ONLY: Pattern = {
  id: 'naming-only',
  re: /^\((?:[^()]*?\b)?(?:can(?:'t|’t|not)|don(?:'t|’t)|do not|never|no|nicht|ne pas|pas)\s+(?:name|mention|identify|nombrar|mencionar|nennen|erwähnen|nommer|citer|mentionner)\s+(?:it|them|him|her|the \p{L}+|lo|los|la|las|sie|es|le|les)\b[^()]*\)$/iu,
  examples: [
    { text: "(can't name them)", match: "(can't name them)" },
    { text: '(don’t name it, contract thing)', match: '(don’t name it, contract thing)' },
    { text: "(don't present it as better)", match: null },
  ],
};

/** An avoid line's phrase that is only a pronoun ("can't name them"): it forbids no words. */
export const PRONOUN_ONLY: Pattern = {
  id: 'pronoun-only',
  re: /^(?:them|it|this|that|these|those|him|her|they|ellos|ellas|eso|esto|sie|es|das|dies|eux|elles|ils|ça|cela)$/iu,
  examples: [
    { text: 'them', match: 'them' },
    { text: 'cela', match: 'cela' },
    { text: 'cheapest in London', match: null },
  ],
};

/** A legal note or a "don't": guidance for the copy policy, never a fact. */
export const AVOID_CUE: Pattern = {
  id: 'avoid-cue',
  re: /(?:\blegal (?:says|hasn't|has not|won't|needs)|\bmust(?: not|n't) (?:say|claim|mention|show|name|use)|(?:^|[,;:(–—]\s*|\b(?:please|and|so|but|just|pls)\s+)(?:don't|don’t|do not|never) (?:name|say|claim|mention|use|show|call|present|position|describe|imply|compare|promise|write|guarantee|suggest|state|offer|quote|talk about)\b|\bno claims? (?:that|of|about)|\bads? (?:must|can|should)(?: not|n't)|\bwe can only say|\b(?:asked|told) (?:us|me) (?:not to|never to)\b|\bnot to (?:mention|say|claim|use|show|name)\b|\bplease no\b|\bcan(?:'t|’t|not) (?:say|claim|mention|use|advertise|promote|show|name)|\bwill veto\b|\b(?:hates?|dislikes?|can't stand|doesn't like) the (?:word|term|phrase)\b|\b(?:hates?|hate it|dislikes?|can't stand) (?:it )?when (?:people|customers|clients|anyone|you|we|ads) (?:call|describe|refer to|say)\b|\b(?:no|ni) (?:mencionar|decir|prometer|hablar de|nombrar|garantizar|usar|utilizar|escribir|poner)\b|\bno se puede (?:decir|prometer)|\bnicht (?:sagen|versprechen|werben|nennen|schreiben|verwenden|benutzen|erwähnen|zeigen)|\bdürfen (?:wir )?nicht|\bne (?:pas|jamais) (?:dire|promettre|mentionner|citer|parler|écrire|utiliser|employer)|\binterdit de|^(?:no|never|avoid|not|nada de|nunca|evitar|keine?|nie|niemals|vermeiden|jamais|pas de|éviter)\s*:?\s*["“«„‘']|^(?:bitte|please|por favor|merci de|s'il vous plaît),?\s+(?:keine?|nicht|no|not|don't|never|nada|ne|pas|avoid|évitez|evitad|evita|vermeidet)\b|\bavoid (?:anything|any|claims?|saying|words?|mentioning|using|language|terms?)\b|^avoid (?:[\p{L}-]+ )?(?:jargon|clichés?|slang|superlatives|hype|buzzwords)\b|\bkeine [\p{L}-]*(?:versprechen|aussagen|superlative)\b|\bno (?:promises|superlatives|health claims|medical claims)\b|\b(?:nada de|sin) promesas\b|\b(?:pas de|aucune) promesses?\b)/iu,
  examples: [
    { text: 'legal says we must say up to', match: 'legal says' },
    { text: 'so ads must not say it is waterproof', match: 'ads must not' },
    { text: "please don't name rivals", match: "please don't name" },
    { text: 'no claims that it is organic', match: 'no claims that' },
    { text: 'Do not show pets', match: 'Do not show' },
    { text: "Don't guarantee approval", match: "Don't guarantee" },
    { text: "so don't present it as better than required", match: "so don't present" },
    { text: 'the big chains never call back', match: null },
    { text: 'Client asked us not to mention crypto', match: 'asked us not to' },
    { text: 'Please no jargon', match: 'Please no' },
    { text: 'client hates the word "affordable"', match: 'hates the word' },
    { text: 'Importante: no prometer curaciones', match: 'no prometer' },
    { text: 'Please avoid anything that sounds medical', match: 'Please avoid' },
    { text: 'they HATE when people call them "massage therapists"', match: 'HATE when people call' },
    { text: 'Keine Vorher-Nachher-Versprechen', match: 'Keine Vorher-Nachher-Versprechen' },
    { text: 'Ne pas écrire « le plus grand »', match: 'Ne pas écrire' },
    { text: 'regulator rules – don\'t say "painless"', match: "– don't say" },
    { text: "we are not a bank and can't say 'loan'", match: "can't say" },
    { text: 'NO "cheapest in London"', match: 'NO "' },
    { text: "Avoid 'cheap' — they're not", match: "Avoid '" },
    { text: 'Avoid golf jargon', match: 'Avoid golf jargon' },
    { text: 'Avoid the queues, book online', match: null },
    { text: "Attention : ne pas parler des aides de l'État", match: 'ne pas parler' },
    { text: 'Bitte keine Heilversprechen', match: 'Bitte keine' },
    { text: 'Förderung nicht erwähnen', match: 'nicht erwähnen' },
    { text: 'keine Heilversprechen machen', match: 'keine Heilversprechen' },
    { text: 'No call-out charge on weekdays', match: null },
    { text: 'Por favor, no prometer resultados', match: 'Por favor, no' },
    { text: 'we say it plainly', match: null },
  ],
};

/**
 * A remark about the brief or the campaign itself ("This campaign is…"), or the writer's own
 * aside about the notes ("sorry, long one", "brain dump from the call", "(Aside: …)"): context,
 * not a claim.
 */
export const META_CUE: Pattern = {
  id: 'meta-cue',
  re: /^(?:\p{Extended_Pictographic}\uFE0F?\s*)*[(¡]?(?:(?:ok|okay|so|right|alright|nb|fyi|ps),? ){0,2}(?:(?:[\p{L}-]+ ){0,2}(?:campaign|drive|push|launch|promo|brief)$|this (?:campaign|brief|ad|push|launch)|the (?:campaign|brief|kickoff)|(?:the )?(?:client|they)(?: (?:wants?|needs?|would like)|(?:'d|’d| would) love) (?:more(?= )|to (?:drive|get|push|boost|increase|grow)\b|footfall|traffic|leads|sales|awareness|sign-?ups|bookings)|we (?:want|need|would like) (?:him|her|them|people|customers|users|readers|viewers|parents|visitors|members|guests) (?:to|back)\b|as (?:discussed|promised|agreed)|following (?:our|the|today's) (?:call|chat|meeting)|further to|here(?:'s| is) (?:the info|everything|what we know)|a bit of background|quick context|for context|background|esta campaña|el briefing|diese kampagne|das briefing|cette campagne|le brief|(?:a |this is a |it's a )?long one|sorry|apologies|brain ?dump|here(?:'s|’s| is| are) (?:the|a|my|our|some) (?:download|rundown|lowdown|notes?|summary|debrief)|(?:lots|a lot|everything|loads) (?:came|come|that came) (?:out of|from)|I(?:'ve|’ve| have) tried to (?:get|put|fit|include|capture)|(?:[\p{L}-]+ )?notes (?:from|of) (?:the|our|today|my|a|(?:mon|tues|wednes|thurs|fri|satur|sun|yester)day(?:['’]s)?)\b|(?:fun |quick )?(?:aside|side note|fyi|nb|p\.?s\.?)\s*:|perdón|disculpa|entschuldigung|désolée?|(?:hi|hello|hey|dear|hola|buenas|buenos días|hallo|moin|servus|guten (?:morgen|tag)|liebe[rs]?|bonjour|salut)\b[^,.!:;\n—–]{0,30}(?:[,!:]|\s[—–-](?=\s)|$)|(?:brief|briefing)(?: [\p{L}\d-]+){0,3}$|(?:[\p{L}-]+ ){0,2}(?:campagne|campaña|kampagne)$|ta(?=[!.]*$)|(?:je vous (?:transmets|envoie|fais suivre)|je te transmets|voici (?:le brief|les éléments|les infos|les informations|ce que)|ci-joint|(?:os|te|le|les) (?:paso|mando|envío)|aquí (?:tienes|va) el brief|anbei|hier (?:ist |kommt )?das briefing|here(?:'s| is) the brief|please find)\b|(?:(?:a |the |our )?(?:quick|short) )?brief (?:for|on|about)\b|(?:thanks|thank you|thx|many thanks|cheers|gracias|danke|merci|cordialement|bien à vous|bonne (?:journée|soirée)|belle journée|à bientôt|(?:best|kind|warm) regards|regards|saludos|un saludo|un abrazo|hasta pronto|atentamente|(?:viele|liebe|beste) grüße|schönen tag|mit freundlichen grüßen)(?![\p{L}])[^.!]{0,30}[.!]*$)(?![\p{L}])/iu,
  examples: [
    { text: 'This campaign is for the spring.', match: 'This campaign' },
    { text: 'OK so a bit of background first', match: 'OK so a bit of background' },
    { text: 'Autumn loyalty push', match: 'Autumn loyalty push' },
    { text: 'they want footfall on weekday mornings', match: 'they want footfall' },
    { text: "They'd love more midweek bookings in May", match: "They'd love more" },
    { text: "notes from yesterday's call", match: "notes from yesterday's" },
    { text: 'They want to save time', match: null },
    { text: 'We want her to request a quote', match: 'We want her to' },
    { text: 'we want them back', match: 'we want them back' },
    { text: "As discussed, here's the info for Acme", match: 'As discussed' },
    { text: 'NB client wants to push upholstery', match: 'NB client wants to push' },
    { text: '¡Hola! Os paso lo de Acme', match: '¡Hola!' },
    { text: '👋 Os paso lo de Acme', match: '👋 Os paso' },
    { text: 'Long one, sorry', match: 'Long one' },
    { text: 'Alright, here’s the rundown from the call', match: 'Alright, here’s the rundown' },
    { text: 'So, brain dump from the kickoff', match: 'So, brain dump' },
    { text: 'lots came out of the call', match: 'lots came out of' },
    { text: "I've tried to get it all in", match: "I've tried to get" },
    { text: '(Aside: the owners surf)', match: '(Aside:' },
    {
      text: "ok so voice-memo notes from the call, sorry they're messy",
      match: 'ok so voice-memo notes from the',
    },
    { text: 'Sorry, we are closed on Mondays', match: 'Sorry' },
    { text: 'Hi team, quick brief for the Q1 push', match: 'Hi team,' },
    { text: 'Hi both — brief for the January push below', match: 'Hi both —' },
    { text: 'Brief campagne', match: 'Brief campagne' },
    { text: 'Ta!', match: 'Ta' },
    { text: 'Ta cuisine sur mesure', match: null },
    { text: 'Hallo zusammen, hier das Briefing', match: 'Hallo zusammen,' },
    { text: 'Quick brief for the spring launch', match: 'Quick brief for' },
    { text: 'Thanks, Sarah', match: 'Thanks, Sarah' },
    { text: 'Gracias!', match: 'Gracias!' },
    { text: 'Bonjour', match: 'Bonjour' },
    { text: 'Cordialement,', match: 'Cordialement,' },
    { text: 'Bonne journée,', match: 'Bonne journée,' },
    { text: 'Voici les éléments pour Acme', match: 'Voici les éléments' },
    { text: 'Je vous transmets le brief pour Acme', match: 'Je vous transmets' },
    { text: 'Buenas! Te mando la info de Acme', match: 'Buenas!' },
    { text: 'Te mando la info de Acme para septiembre', match: 'Te mando' },
    { text: 'Thanks to our in-house vet, every recipe is balanced', match: null },
    { text: 'Hidden fees, gone', match: null },
    { text: 'The panels last', match: null },
    { text: 'Long-lasting paint', match: null },
  ],
};

/** A line the ads must carry, said where it is listed ("… (must say so)", "must appear with the logo"). */
export const MUST_SAY: Pattern = {
  id: 'must-say',
  re: /\s*\((?:we )?(?:must|has to|have to|needs to|need to) (?:say|be said|appear|be included|be shown|be stated|mention|include|state|show)[^)]*\)|\bmust (?:appear|be included|be stated|be shown)\b|^must (?:include|say|state|carry|mention)\b|\s*\((?:obligatoire|mandatory|required|pflicht|obligatorio)\)|\bincluir\b.{1,80}\ben el anuncio\b|\bdebe (?:aparecer|figurar)\b|\bmuss (?:in der|im) (?:Anzeige|Werbung)\b|\bdoit (?:figurer|apparaître)\b/iu,
  examples: [
    { text: 'whitening only by a registered dentist (must say so)', match: ' (must say so)' },
    { text: '"Approved" must appear with the logo', match: 'must appear' },
    { text: 'Patch test 48 hours before (we must mention this)', match: ' (we must mention this)' },
    { text: 'must not say "cure"', match: null },
    { text: 'must include "Suitability is confirmed at consultation"', match: 'must include' },
    { text: 'à consommer avec modération (obligatoire)', match: ' (obligatoire)' },
    {
      text: 'incluir nº de registro sanitario en el anuncio',
      match: 'incluir nº de registro sanitario en el anuncio',
    },
  ],
};

/** A direction that names a claim to carry ("mention 30g+ protein per meal"): the rest is the claim. */
export const MENTION_LEAD: Pattern = {
  id: 'mention-lead',
  re: /^(?:please )?(?:mention|include|highlight|stress|call out|point out|talk about|say) (?:that )?(?=\S)|^(?:please )?use (?:the|our) (?=\d)|^(?:their|our|the) (?:big |main |real )?(?:thing|usp|selling point|edge|difference) is (?:that )?(?=\S)|^what (?:they're|they are|we're|we are) (?:really |most |especially )?proud of is (?:that )?(?=\S)|^(?:they|we|the client)(?:'d| would) like to (?:offer|give|run|push|promote|feature) (?=\S)|^(?:mencionar|destacar|erwähnen|hervorheben|mentionner|souligner) (?:que |dass )?(?=\S)|^(?:queremos|quieren|we want to|they want to|nous voulons|ils veulent|wir wollen|sie wollen) (?:captar|atraer|conseguir|attract|win|get|attirer|gagner|gewinnen) (?:[\p{L}-]+ ){0,3}(?:con|with|avec|mit) (?:(?:la|el|una?|the|an?|le|une?|der|die|das) )?(?=\S)/iu,
  examples: [
    { text: 'mention 30g+ protein per meal', match: 'mention ' },
    { text: 'say that every meal is chef-made', match: 'say that ' },
    { text: 'use the 8-week build time', match: 'use the ' },
    { text: 'Use our app to book', match: null },
    { text: 'Their thing is that every patient gets an hour', match: 'Their thing is that ' },
    {
      text: "What they're really proud of is that they never use subcontractors",
      match: "What they're really proud of is that ",
    },
    { text: "They'd like to offer 10% off for over-65s", match: "They'd like to offer " },
    { text: "They'd like to push winter pruning, 10% off", match: "They'd like to push " },
    {
      text: 'Queremos captar clientes nuevos con la primera consulta gratis',
      match: 'Queremos captar clientes nuevos con la ',
    },
    {
      text: 'We want to win new members with a free first class',
      match: 'We want to win new members with a ',
    },
    { text: 'say "healthy"', match: 'say ' },
    { text: 'Mentioned in The Times', match: null },
  ],
};

/** A letter's sign-off ("Cordialement,", "Thanks, Sam", "Best regards"): what follows it is the signature. */
export const SIGN_OFF: Pattern = {
  id: 'sign-off',
  re: /^¡?(?:ta(?=[!.]*$)|thanks|thank you|thx|many thanks|cheers|gracias|danke|merci|cordialement|bien à vous|bonne (?:journée|soirée)|belle journée|à bientôt|un abrazo|hasta pronto|schönen tag|(?:best|kind|warm) regards|regards|saludos|un saludo|atentamente|(?:viele|liebe|beste) grüße|mit freundlichen grüßen)\b[^.!\n]{0,30}[.!,]*$/iu,
  examples: [
    { text: 'Cordialement,', match: 'Cordialement,' },
    { text: 'Thanks, Sam', match: 'Thanks, Sam' },
    { text: 'Thanks to our in-house vet, every recipe is balanced', match: null },
  ],
};

/**
 * Direction to the copywriter ("lead with the price", "that's the whole pitch", "go with X or
 * similar"): how to write the ads, not a claim about the business.
 */
export const DIRECTION_CUE: Pattern = {
  id: 'direction-cue',
  re: /(?:^(?:(?:so|and|but|ok|okay),? )?(?:(?:please |we'd |we would |I'd )?(?:lead with|go with|focus on|play up|emphasi[sz]e|push the|hammer home)|(?:hay que |queremos )?(?:destacar|resaltar|insistir en|poner el foco en)|(?:bitte )?(?:betonen|hervorheben|in den Vordergrund)|(?:il faut )?(?:mettre en avant|insister sur|miser sur))\b|\b(?:is|are|that's|that is) (?:our|the) (?:whole |main |real )?(?:story|pitch|angle|message|hook|focus)\b|\bthe whole pitch\b|^(?:get |drive |win |generate |bring in )?more (?:[\p{L}-]+ ){0,2}(?:jobs|leads|bookings|enquiries|inquiries|customers|clients|sign-?ups|sales|members|students|patients|footfall|calls)\b|\bas (?:the|our|their) (?:cta|call to action|headline|tagline|strapline)\b|\bor (?:something )?similar\b|\b(?:ok|okay|fine|allowed) to (?:say|use|mention|claim)\b|\b(?:we|you) (?:can|may) (?:say|use|mention|claim)\b|\b(?:whole )?reason for existing\b|\b(?:what|which) (?:they|the client|we|you) (?:want|wants|would like|'d like) (?:us )?to (?:lead|focus|open) (?:on|with)\b|\b(?:el|nuestro) (?:mensaje|enfoque|ángulo) (?:es|debe)\b|\b(?:unsere|die) (?:Botschaft|Kernbotschaft|Story) (?:ist|lautet|soll)\b|\b(?:notre|le) (?:message|angle) (?:est|doit)\b|^(?:the |our |el |la |los |der |die |das |le |les )?(?:cta|ctas|call to action|headlines?|copy|ads?|visuals?|imagery|creatives?|messaging|anuncios?|texto|anzeigen|texte?|visuels?|annonces?|accroches?) (?:should|must|needs? to|has to|have to|debe|deben|tiene que|soll|sollen|muss|müssen|doit|doivent)\b)/iu,
  examples: [
    { text: 'Lead with the price', match: 'Lead with' },
    { text: 'So reliability is our story', match: 'is our story' },
    { text: 'and honestly that is the whole pitch', match: 'that is the whole pitch' },
    { text: 'Use "open late" or similar', match: 'or similar' },
    { text: '4.8 on Google, OK to say "top rated"', match: 'OK to say' },
    { text: '4.9 on Google – we can say "highly rated"', match: 'we can say' },
    { text: "which is the brand's whole reason for existing", match: 'whole reason for existing' },
    { text: 'Hay que destacar el precio', match: 'Hay que destacar' },
    { text: 'Il faut mettre en avant le savoir-faire', match: 'Il faut mettre en avant' },
    { text: 'CTA should push the free trial', match: 'CTA should' },
    { text: 'more domestic jobs in spring', match: 'more domestic jobs' },
    { text: "They want 'Get a free quote' as the CTA", match: 'as the CTA' },
    { text: 'the exclusive use is what they want us to lead on', match: 'what they want us to lead on' },
    { text: 'Die Anzeigen sollen den Preis zeigen', match: 'Die Anzeigen sollen' },
    { text: 'Copywriters love our tone', match: null },
    { text: 'We focus on families', match: null },
    { text: 'A story time for kids every week', match: null },
  ],
};

/**
 * An internal note left in the brief for the agency or the client ("TBC with client", "check
 * the price", "do not use yet"): a working note, never a fact, in any of the four languages.
 */
export const NOTE_CUE: Pattern = {
  id: 'note-cue',
  re: /(?:^|[\s([])(?:TBD|TBC|to be (?:confirmed|decided)|(?:still )?(?:need|needs|needing) (?:to be )?(?:confirm(?:ed|ing)?|check(?:ed|ing)?|sign-off|approv\w+)|(?:to )?(?:check|confirm|verify) (?:with|w\/) (?:the )?(?:client|legal|team|account|them|him|her)|awaiting (?:sign-off|approval|confirmation)|internal (?:only|note|use)|internal(?=[,)])|(?:don't|don’t|do not|never) (?:quote|publish)|not to be (?:quoted|published)|off the record|not for (?:publication|ads?|copy|use)|for internal use|note to self|no citar|no publicar|nicht zitieren|nicht veröffentlichen|ne pas citer|por confirmar|pendiente de (?:confirmar|aprobar|validar)|(?:a|por) validar|confirmar con (?:el )?cliente|uso interno|solo interno|noch (?:offen|zu klären|nicht freigegeben|nicht bestätigt)|zu klären|mit (?:dem )?Kunden (?:klären|abstimmen|prüfen)|nur intern|intern:|à (?:confirmer|valider|vérifier)|en attente de validation|usage interne|ne pas (?:diffuser|publier))(?![\p{L}])/iu,
  examples: [
    { text: 'Launch date TBC', match: ' TBC' },
    { text: 'churn under 2%/yr (internal, don’t quote)', match: '(internal' },
    { text: 'margin 40% – do not quote', match: ' do not quote' },
    { text: 'confidential consultations, evenings too', match: null },
    { text: 'price to be confirmed by the owner', match: ' to be confirmed' },
    { text: '(check with client before use)', match: '(check with client' },
    { text: 'figure still needs sign-off', match: ' still needs sign-off' },
    { text: 'Fecha por confirmar', match: ' por confirmar' },
    { text: 'Preis noch offen', match: ' noch offen' },
    { text: 'tarif à valider', match: ' à valider' },
    { text: 'we confirm every booking by text', match: null },
    { text: 'a note to remember', match: null },
    { text: 'seguro a todo riesgo', match: null },
  ],
};

/**
 * A short relative clause with no figure, split off the claim it praises or qualifies ("…, which
 * guests rave about", "…, which we can use"): a remark on the claim, not one of its own.
 */
export const RELATIVE_REMARK: Pattern = {
  id: 'relative-remark',
  re: /^(?:which|who|lo que|was|ce qui|ce que)(?:\s+[^\s\d]+){1,4}$/iu,
  examples: [
    { text: 'which guests rave about', match: 'which guests rave about' },
    { text: 'which we can use', match: 'which we can use' },
    { text: 'which cuts bills by 30%', match: null },
    { text: 'which is why every install is checked twice by a second engineer', match: null },
  ],
};

/**
 * A bracketed aside in square brackets ("[placeholder]", "[client to send photo]"), or a round
 * bracket that says it is one ("(aside: …)"): an editor's note.
 */
/**
 * A quotation led in by who said it, with no label ("One customer wrote, and we love this one,
 * “…”"): the lead-in is the brief's remark, the quotation the proof. Not what the business
 * itself said ("We said 'no' to …"). (With a colon and a label,
 * segment.ts reads it as one: QUOTE_LEAD_IN.)
 */
export const REPORTED_QUOTE: Pattern = {
  id: 'reported-quote',
  re: /^(?!\s*(?:we|i|our|nosotros|wir|nous)\b)[^"“«„\n]{0,120}?(?<![\p{L}\d_])(?:wrote|writes|said|says|say|saying|told us|tells us|put it|commented|posted|escribió|dijo|nos dijo|diciendo|schrieb|sagte|a écrit|a dit|nous a dit|en disant)(?![\p{L}\d_])[^"“«„\n]{0,100}?[,:]?\s+(?=["“«„])/iu,
  examples: [
    {
      text: 'One customer wrote, and this is the favourite here, "Best tiles in Kent."',
      match: 'One customer wrote, and this is the favourite here, ',
    },
    { text: 'Una clienta nos dijo: «Muy amables»', match: 'Una clienta nos dijo: ' },
    {
      text: 'A customer in Leek left a review saying "Warm house by teatime."',
      match: 'A customer in Leek left a review saying ',
    },
    { text: 'We said "no" to cheap grout', match: null },
    { text: '"Best tiles in Kent," one customer wrote', match: null },
  ],
};

/** A round bracket with a remark of its own inside (read by the cues above: a "don't", a direction). */
export const ROUND_BRACKET: Pattern = {
  id: 'round-bracket',
  re: /\s*\(([^()\n]{3,300})\)/u,
  examples: [
    {
      text: 'Ratio 1:3 (legal minimum too, so don’t present it as better)',
      match: ' (legal minimum too, so don’t present it as better)',
    },
    { text: 'no brackets here', match: null },
  ],
};

/**
 * A bracket that disowns the claim it follows ("“best in town” say customers (not to be used as our
 * claim)"): the claim is policy, never copy.
 */
export const DISOWNED: Pattern = {
  id: 'disowned',
  re: /\([^()]{0,40}\b(?:do not use|don't use|not to be used|not for (?:copy|ads|use)|not our claim|no usar|no utilizar|nicht verwenden|nicht nutzen|ne pas (?:utiliser|reprendre))\b[^()]{0,60}\)/iu,
  examples: [
    {
      text: '"best pizza in town" say customers (not to be used as our claim)',
      match: '(not to be used as our claim)',
    },
    { text: '"la mejor" según clientes (no usar como claim nuestro)', match: '(no usar como claim nuestro)' },
    { text: 'free parking (use the side gate)', match: null },
  ],
};

export const BRACKET_NOTE: Pattern = {
  id: 'bracket-note',
  re: /\s*(?:\[[^\]\n]{1,200}\]|\((?:fun |quick |side )?(?:aside|fyi|nb|by the way|note(?=\s*:|\s+to\b))\b[^()\n]{0,300}\)|\((?:to )?(?:check|confirm|verify|ask|tbc)\b[^()\n]{0,120}\)|\([^()\n]{0,30}\b(?:words|quote|phrase),? not ours\b[^()\n]{0,20}\))/iu,
  examples: [
    { text: 'Founded 2019 (fun aside: the founder surfs)', match: ' (fun aside: the founder surfs)' },
    { text: 'open daily (8am to 6pm)', match: null },
    { text: 'Testsieger 2025 (Note 1,3)', match: null },
    { text: 'free survey (note: weekdays only)', match: ' (note: weekdays only)' },
    { text: 'free delivery [confirm zones]', match: ' [confirm zones]' },
    {
      text: 'free consultation this month (confirm w/ practice manager)',
      match: ' (confirm w/ practice manager)',
    },
    { text: '[insert rating here]', match: '[insert rating here]' },
    { text: "Café with proper coffee (parents' words, not ours!)", match: " (parents' words, not ours!)" },
    { text: 'rated 4.1/5', match: null },
  ],
};

/**
 * A pain told as what the people named before it are fed up with ("remote workers fed up of
 * working from the kitchen table"): the pain is the phrase, the people before it only say who.
 * Not after a verb that makes it the sentence's own ("customers are tired of waiting").
 */
export const PAIN_PHRASE: Pattern = {
  id: 'pain-phrase',
  re: /(?<=\p{L}\s)(?<!\b(?:are|is|was|were|be|been|get|got|getting|feel|feeling|feels|and|or|son|están|y|sind|und|sont|et)\s)(?:(?:fed up|tired|sick) (?:of|with)|frustrated (?:by|with)|hart[oa]s? de|cansad[oa]s? de|genervt von|las(?:se)?s? de)\s/iu,
  examples: [
    { text: 'Members are mostly remote workers fed up of working from the sofa', match: 'fed up of ' },
    { text: 'young renters tired of flat-pack furniture', match: 'tired of ' },
    { text: 'customers are tired of waiting', match: null },
    { text: 'nurses burnt out and tired of agencies', match: null },
    { text: 'Fed up of queues? Book online', match: null },
    { text: 'autónomos cansados de alquilar oficinas', match: 'cansados de ' },
  ],
};
