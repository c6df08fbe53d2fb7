import { describe, expect, it } from 'vitest';
import { contrastRatio } from '#core/creative/color.ts';
import { choosePicture } from '#core/creative/pictures/choose.ts';
import { tagSense } from '#core/creative/pictures/signature.ts';
import { depictable, keptIcons, readTablerName, tablerLibrary } from '#core/creative/pictures/tabler.ts';
import { buildSceneSvg } from '#core/creative/scenes/index.ts';
import { relevanceSet, relevant } from '../../eval/pictures/relevance.ts';
import { BUSINESSES } from '../../scripts/lib/sample-businesses.ts';
import { visualRequest } from './visual-request.ts';

// Tabler Icons as the second offline picture source (ADR 0048 amendment).
describe('offline pictures from Tabler Icons', { timeout: 60_000 }, () => {
  const tabler = (name: string) => {
    const p = tablerLibrary().find((x) => x.name === name);
    if (!p) throw new Error(`no Tabler icon ${name}`);
    return p;
  };

  it('keeps icons of things, not interface marks, badge variants or brand logos', () => {
    const icon = (name: string, category: string) => ({ name, category, tags: [] });
    const set = [
      icon('truck', 'Vehicles'),
      icon('truck-delivery', 'E-commerce'),
      icon('arrow-left', 'Arrows'),
      icon('brand-github', 'Brand'),
      icon('playstation-square', 'Devices'),
      icon('home', 'Buildings'),
      icon('bread-2', 'Food'),
      icon('bread', 'Food'),
      // A last word that ends many icons is a badge: "-dollar" on nine stems.
      ...['home', 'file', 'cash', 'tag', 'mail', 'cloud', 'coin', 'shield', 'clock'].map((s) =>
        icon(`${s}-dollar`, 'System'),
      ),
      ...['file', 'cash', 'tag', 'mail', 'cloud', 'coin', 'shield', 'clock'].map((s) => icon(s, 'System')),
      // "square" names mostly icons of a category left out: a variant mark wherever it appears.
      ...['a', 'b', 'c', 'd', 'e'].map((l) => icon(`square-letter-${l}`, 'Letters')),
    ];
    const kept = new Set(keptIcons(set).map((i) => i.name));
    for (const name of ['truck', 'truck-delivery', 'home', 'bread', 'bread-2']) expect(kept).toContain(name);
    for (const name of ['arrow-left', 'brand-github', 'playstation-square', 'home-dollar', 'file-dollar'])
      expect(kept).not.toContain(name);
  });

  it('reads a name as the noun phrase it says, English or family order', () => {
    const stems = new Set(['truck', 'car', 'building', 'credit-card']);
    const phrase = (name: string, namespaces: string[] = []) =>
      readTablerName(name, stems, new Set(namespaces)).phrase;
    // WordNet's compound, as written or turned round.
    expect(phrase('solar-panel')).toBe('solar panel');
    expect(phrase('truck-delivery')).toBe('delivery truck');
    // A kind of the family's stem is the kind; other words say which kind of the stem.
    expect(phrase('car-suv')).toBe('suv');
    expect(phrase('building-skyscraper')).toBe('skyscraper');
    expect(readTablerName('truck-loading', stems).head).toBe('truck');
    expect(readTablerName('credit-card-pay', stems).head).toBe('card');
    // English order without a stem; a namespace is no part of the thing.
    expect(readTablerName('charging-pile', stems).head).toBe('pile');
    expect(phrase('device-laptop', ['device'])).toBe('laptop');
    expect(phrase('bread-2')).toBe('bread');
  });

  it('keeps only names WordNet files as things (an artifact, a food), in the sense the tags say', () => {
    const read = (name: string) => readTablerName(name, new Set());
    const shows = (name: string, tags: string[]) => depictable(read(name), tagSense(read(name), tags));
    expect(shows('stethoscope', [])).toBe(true);
    expect(shows('bread', ['loaf', 'bakery'])).toBe(true);
    // Acts and ideas, and a person no tag names: interface marks named like a job.
    expect(shows('activity', ['pulse', 'heartbeat'])).toBe(false);
    expect(shows('navigation', ['gps', 'arrow'])).toBe(false);
    expect(shows('loader', ['spinner', 'progress'])).toBe(false);
    expect(tablerLibrary().some((p) => p.name === 'activity' || p.name === 'loader')).toBe(false);
    // Tabler's nurse cap, tagged "medical", "hospital", "caregiver", is a person its tags name.
    expect(tabler('nurse').sense).toBeDefined();
  });

  it('shows a Tabler icon where Fluent Emoji has nothing as specific (a solar panel)', async () => {
    const chosen = await choosePicture({
      subject: 'solar panels on the roof of a farm barn',
      category: 'energy > solar panel installation',
    });
    expect(chosen?.picture.source).toBe('tabler');
    expect(chosen?.picture.name).toBe('solar-panel');
  });

  it('keeps the colour picture when Fluent Emoji matches as well', async () => {
    const chosen = await choosePicture({
      subject: 'a dog trainer with a puppy on a lawn',
      category: 'pet care > dog training',
    });
    expect(chosen?.picture.source).toBe('fluent');
    expect(chosen?.picture.name).toMatch(/dog/);
  });

  it('shows nothing when neither set has the business', async () => {
    expect(
      await choosePicture({ subject: 'an abstract notion of synergy', category: 'consulting > synergy' }),
    ).toBeUndefined();
  });

  it('does not show an icon only its tags tie to the brief (tags say where an interface uses it)', async () => {
    // Tabler tags a cloud "online": an online course is not a cloud.
    expect(tabler('cloud').keywords).toContain('online');
    const chosen = await choosePicture({
      subject: 'an online course',
      category: 'education > online courses',
    });
    expect(chosen?.picture.name).not.toBe('cloud');
  });

  it("names an icon by a tag that is the category's own phrase, when the phrase names the icon's head", async () => {
    // Tabler tags a house with a lock "home security": the trade of a monitored-alarm business,
    // which neither set names (no alarm panel; an alarm clock is another alarm).
    const alarm = await choosePicture({
      subject: 'a technician fitting an alarm control panel by a front door',
      category: 'home security > monitored alarm systems',
    });
    expect(alarm?.picture.source).toBe('tabler');
    expect(alarm?.picture.name).toMatch(/^home-(?:lock|shield)$/);
    expect(alarm?.because).toContain('home security');
    // "real estate" tags any building: the phrase does not name a building, and the estate
    // agent's keys stay the picture.
    expect(tablerLibrary().find((p) => p.name === 'building')?.keywords).toContain('real estate');
    const agency = await choosePicture({
      subject: 'an estate agent handing keys to a couple outside a house',
      category: 'real estate > estate agency',
    });
    expect(agency?.picture.name).toBe('key');
  });

  it('reads a word in the sense a compound of the brief gives it, and a definition word as the brief means it', async () => {
    // "window blind" says which blind: a screen, not the people a guide dog is defined by.
    const blinds = await choosePicture({
      subject: 'made-to-measure blinds fitted to a bright living-room window',
      category: 'home > blinds and shutters',
    });
    expect(blinds?.picture.name).not.toBe('guide-dog');
    // A fencing contractor's fence is Tabler's fence, a nail bar's nails the emoji's polish.
    expect(
      (
        await choosePicture({
          subject: 'a contractor fitting new wooden fence panels',
          category: 'home services > fencing and gates',
        })
      )?.picture.name,
    ).toBe('fence');
    expect(
      (
        await choosePicture({
          subject: 'a manicurist painting a client’s nails at a nail bar',
          category: 'beauty & personal care > nail salon',
        })
      )?.picture.name,
    ).toBe('nail-polish');
  });

  it("shows a kind of the trade's word only with a keyword the brief agrees with", async () => {
    // A sheaf of rice is a kind of parcel in WordNet; its keywords are a harvest's.
    const courier = await choosePicture({
      subject: 'a courier handing a parcel to a customer at the door',
      category: 'logistics > courier and parcel delivery',
    });
    expect(courier?.picture.name).not.toBe('sheaf-of-rice');
  });

  it('is judged by its name, not its tags, by the relevance check', async () => {
    const solar = await relevanceSet({
      subject: 'solar panels on the roof of a farm barn',
      category: 'energy > solar installation',
    });
    expect(relevant(tabler('solar-panel'), solar)).toBe(true);
    // Tagged "online", named a cloud: not a picture of an online course.
    const course = await relevanceSet({
      subject: 'students taking an online course',
      category: 'education > online courses',
    });
    expect(tabler('cloud').keywords).toContain('online');
    expect(relevant(tabler('cloud'), course)).toBe(false);
  });

  it('is drawn as an emblem: stroked in a brand colour that stands out on its disc, on a 24-unit grid', () => {
    const brand = (BUSINESSES[0] ?? BUSINESSES[1])?.brand;
    if (!brand) throw new Error('no sample brand');
    const svg = buildSceneSvg(visualRequest(brand), { kind: 'picture', picture: tabler('solar-panel') });
    expect(svg).toContain('viewBox="0 0 24 24"');
    const ink = svg.match(/<g fill="none" stroke="(#[0-9A-Fa-f]{6})"/)?.[1];
    const disc = svg.match(/<circle [^>]*fill="(#[0-9A-Fa-f]{6})"/)?.[1];
    expect(ink && disc && contrastRatio(ink, disc)).toBeGreaterThanOrEqual(3);
  });
});
