import { beforeAll, describe, expect, it } from 'vitest';
import { picturable } from '#core/brief/noun-phrases.ts';
import {
  ANYONE_IN_SCENE,
  GENERIC_HEADS,
  MASS_ENDING,
  PICTURABLE,
  QUANTITY_WORDS,
  STAFF_BEFORE,
} from '#core/brief/patterns/subject.ts';
import { subjectOf, withoutQuantity, withPeople } from '#core/brief/subject.ts';
import { loadNlp, type Nlp } from '#core/text/nlp.ts';

let nlp: Nlp;
// Loading the NLP library and WordNet's index takes seconds on a busy machine: once, here.
beforeAll(async () => {
  nlp = await loadNlp();
  picturable('chair');
}, 60_000);

describe('the word data of the picture subject', () => {
  it.each(PICTURABLE.examples.map((e) => [e.word, e.picturable] as const))(
    'WordNet reads %j as picturable: %j',
    (word, expected) => {
      expect(picturable(word)).toBe(expected);
    },
  );
  it.each(GENERIC_HEADS.examples.map((e) => [e.word, e.generic] as const))(
    '%j names anyone or anything: %j',
    (word, generic) => {
      expect(GENERIC_HEADS.words.has(word)).toBe(generic);
      if (generic) expect(picturable(word)).toBe(false);
    },
  );
});

describe("the brief's people in place of anyone at all", () => {
  it.each(ANYONE_IN_SCENE.examples.map((e) => [e.scene, e.people, e.result] as const))(
    '%j with %j',
    (scene, people, result) => {
      const head = people.replace(/s$/, '');
      expect(withPeople(scene, { text: people, head })).toBe(result ?? scene);
    },
  );

  it.each(STAFF_BEFORE.examples.map((e) => [e.text, e.match] as const))(
    "%j before people marks them as the business's staff: %j",
    (before, staff) => {
      expect(STAFF_BEFORE.re.test(before)).toBe(staff);
    },
  );

  it.each(MASS_ENDING.examples.map((e) => [e.noun, e.mass] as const))(
    '%j is a mass noun: %j',
    (noun, mass) => {
      expect(MASS_ENDING.re.test(noun)).toBe(mass);
    },
  );

  it.each(QUANTITY_WORDS.examples.map((e) => [e.phrase, e.people] as const))(
    '%j names the people %j',
    (phrase, people) => {
      expect(withoutQuantity({ text: phrase }).text).toBe(people);
    },
  );

  it('names one of several irregular people in the singular, and several as the brief writes them', () => {
    const scene = 'a courier handing a parcel to a customer at the door';
    expect(withPeople(scene, { text: 'best men', head: 'man' })).toBe(
      'a courier handing a parcel to a best man at the door',
    );
    expect(withPeople('people queueing at a stall', { text: 'best men', head: 'man' })).toBe(
      'best men queueing at a stall',
    );
  });

  it('counts the people of the audience section twice: they are who the customers are', () => {
    expect(
      subjectOf(
        'an optician fitting a new pair of glasses on a customer',
        'eyewear',
        {
          researchSummary:
            'Ambervale Optics, Dover\n- Designer frames from £89\n- Audience: retirees and young families',
          language: 'en',
          clientName: 'Ambervale Optics',
        },
        nlp,
      ),
    ).toBe('an optician fitting a new pair of glasses on a retiree');
  });

  it('takes the people a brief names most, not its staff named once nor anyone at all', async () => {
    expect(
      subjectOf(
        'people working at shared desks in a bright studio',
        'studio membership',
        {
          researchSummary:
            'Ambervale Studio rents desks by the month. Our members are illustrators and a few translators. Illustrators get a plan chest each. Customers love the light.',
          language: 'en',
          clientName: 'Ambervale Studio',
        },
        nlp,
      ),
    ).toBe('illustrators working at shared desks in a bright studio');
  });
});

describe('the picture subject from the brief', () => {
  /** An invented business: its scene from the taxonomy, its product phrase and its brief. */
  const subject = async (scene: string, product: string, summary: string, language = 'en') =>
    subjectOf(
      scene,
      product,
      { researchSummary: summary, language, clientName: 'Ambervale Goods' },
      language === 'en' ? nlp : undefined,
    );

  it("names the scene's trade thing in the brief's words when WordNet cannot picture them", () => {
    const brief = {
      researchSummary: 'Ambervale Goods is a café in Leeds. Our iced cortado is the house favourite.',
      language: 'en',
      clientName: 'Ambervale Goods',
    };
    const cues = ['coffee', 'cortado', 'café'];
    // "cortado" is none of WordNet's words, but one of the trade's.
    expect(subjectOf('a cup of coffee on a café counter', 'iced cortado', brief, nlp, cues)).toBe(
      'a cup of iced cortado coffee on a café counter',
    );
    // Not a word of the trade, or a thing the scene counts ("a coffee"): the scene stays.
    expect(subjectOf('a cup of coffee on a café counter', 'iced cortado', brief, nlp, ['coffee'])).toBe(
      'a cup of coffee on a café counter',
    );
    expect(subjectOf('a barista pouring a coffee at the counter', 'iced cortado', brief, nlp, cues)).toBe(
      'a barista pouring a coffee at the counter',
    );
  });

  it('puts the product in place of the broader noun of the scene it is a kind of', async () => {
    expect(
      await subject(
        'a craftsman finishing a chair in a sunny workshop',
        'oak rocking chairs',
        'Ambervale Goods makes oak rocking chairs in a small workshop.',
      ),
    ).toBe('a craftsman finishing oak rocking chairs in a sunny workshop');
  });

  it('keeps the scene when it already names the product', async () => {
    const scene = 'a potter glazing teapots beside a kiln';
    expect(
      await subject(scene, 'stoneware teapots', 'Ambervale Goods sells stoneware teapots, thrown by hand.'),
    ).toBe(scene);
  });

  it('adds an object the scene does not show, a compound read whole', async () => {
    expect(
      await subject(
        'an audiologist talking with a patient in a bright clinic',
        'rechargeable hearing aids',
        'Ambervale Goods fits rechargeable hearing aids. Audience: adults over 60.',
      ),
    ).toBe('an audiologist talking with a patient in a bright clinic, with rechargeable hearing aids');
  });

  it('shows the product itself when no sub-vertical fits, not the general counter scene', async () => {
    const general = 'a business owner welcoming a customer at the counter';
    expect(
      await subject(general, 'Kite school', 'Kite school on a windy beach. Kites and harnesses included.'),
    ).toBe('a kite school');
    expect(await subject(general, 'Glass-blowing classes', 'Glass-blowing classes for adults.')).toBe(
      'glass-blowing classes',
    );
    // A clause is no scene, and outside English the general scene stays (the prompt is English).
    expect(await subject(general, 'We write speeches', 'We write speeches for weddings.')).toBe(general);
    expect(await subject(general, 'Escuela de kitesurf', 'Escuela de kitesurf en Tarifa.', 'es')).toBe(
      general,
    );
  });

  it('gives one countable thing its article, and none to several or to a mass', async () => {
    expect(
      await subject(
        'a plumber repairing pipes under a kitchen sink',
        'boiler installs',
        'Ambervale Goods installs boilers across the valley.',
      ),
    ).toBe('a plumber repairing pipes under a kitchen sink, with a boiler');
  });

  it('reads the object of a service as the thing ("furniture" of "furniture rental")', async () => {
    expect(
      await subject(
        'a delivery team carrying boxes into a new flat',
        'furniture rental',
        'Ambervale Goods offers furniture rental by the month.',
      ),
    ).toBe('a delivery team carrying boxes into a new flat, with furniture');
  });

  it('keeps the scene for an abstract product, a person of another kind, or outside English', async () => {
    const scene = 'a mortgage adviser going through options with a couple at a desk';
    expect(await subject(scene, 'mortgage advice', 'We give mortgage advice.')).toBe(scene);
    expect(await subject(scene, 'independent accountants', 'Independent accountants.')).toBe(scene);
    const pests = 'a technician inspecting a timber wall with a torch';
    expect(await subject(pests, 'wasp removal', 'We offer wasp removal.')).toBe(pests);
    expect(await subject(scene, 'asesoría hipotecaria', 'Asesoría hipotecaria.', 'es')).toBe(scene);
  });
});
