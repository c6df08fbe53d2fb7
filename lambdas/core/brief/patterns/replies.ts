import type { Pattern } from './types.ts';

// Worries and their answers as agencies lay them out: who speaks, and what a label of fear says.

/**
 * A reply of two or three words that leaves its verb to the worry before it ("Ours isn't", "We
 * don't", "Not here"): what follows its dash is the rest of that reply, not a claim of its own.
 */
export const ELLIPTICAL_REPLY: Pattern = {
  id: 'elliptical-reply',
  re: /^(?:ours|we|this one|el nuestro|la nuestra|nosotros|chez nous|bei uns)(?: (?:isn['’]t|is not|aren['’]t|are not|doesn['’]t|does not|don['’]t|do not|won['’]t|will not|no|non|nicht|pas))$|^not (?:here|with us|ours)$/iu,
  examples: [
    { text: "Ours isn't", match: "Ours isn't" },
    { text: 'We don’t', match: 'We don’t' },
    { text: 'Bei uns nicht', match: 'Bei uns nicht' },
    { text: 'Ours is family-run', match: null },
  ],
};

/**
 * A note that opens in the business's own voice ("We have none on check-ups", "Wir prüfen das",
 * "Nosotros fijamos la fecha"): under a worry's label it is the answer, never a worry.
 */
export const OWN_VOICE: Pattern = {
  id: 'own-voice',
  re: /^(?:we|we're|we've|we'll|our|nous|notre|nos|wir|unser\p{L}*|nosotros|nuestr\p{L}*)\s/iu,
  examples: [
    { text: 'We have none on check-ups and cleanings', match: 'We ' },
    { text: 'Wir prüfen das kostenlos', match: 'Wir ' },
    { text: 'Waiting periods', match: null },
  ],
};

/**
 * A label that names the audience by what they fear ("Pacientes con miedo al dentista:", "Patients
 * scared of the dentist:", "Patients qui ont peur du dentiste :"): the fear is the worry, the text
 * after it the answer (not who the ads are for).
 */
export const FEARFUL_LABEL: Pattern = {
  id: 'fearful-label',
  re: /(?<![\p{L}])((?:miedo (?:al?|a la|a los|a las|de)|(?:scared|afraid|nervous|anxious) (?:of|about)|peur (?:du|de la|des|de|d['’])|angst vor) ?[^:\n]{2,40}?)\s*:\s*$/iu,
  examples: [
    { text: 'Pacientes con miedo al dentista: ', match: 'miedo al dentista: ' },
    { text: 'Patients scared of the dentist:', match: 'scared of the dentist:' },
    { text: 'Patients qui ont peur du dentiste : ', match: 'peur du dentiste : ' },
    { text: 'Pacientes: ', match: null },
  ],
};
