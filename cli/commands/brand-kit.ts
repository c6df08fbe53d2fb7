/** `adgen brand-kit get|set`: a client's colours, fonts, logo, tone, tagline and banned words. */
import type { Command } from 'commander';
import type { Inputs, Results } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { list, type Out, print, strip } from '../lib/output.ts';

type BrandKitFlags = {
  client: string;
  primary?: string;
  secondary?: string;
  accent?: string;
  background?: string;
  text?: string;
  heading?: string;
  body?: string;
  logoUrl?: string;
  tone?: string;
  tagline?: string;
  banned?: string;
};

function printBrandKit(out: Out, r: Results['get_brand_kit']) {
  const k = r.brand_kit;
  print(out, r, () =>
    [
      `colors   ${Object.entries(k.colors)
        .map(([n, v]) => `${n} ${v}`)
        .join(', ')}`,
      `fonts    heading ${k.fonts.heading}, body ${k.fonts.body}`,
      `logo     ${k.logo_url ?? '(none)'}`,
      `tone     ${k.tone_of_voice || '(none)'}`,
      `tagline  ${k.tagline || '(none)'}`,
      `banned   ${k.banned_words.join(', ') || '(none)'}`,
    ].join('\n'),
  );
}

export function register(program: Command): void {
  const brandKit = program
    .command('brand-kit')
    .summary("a client's brand kit (get, set)")
    .description("A client's brand kit: colours, fonts, logo, tone of voice, tagline and banned words.");

  brandKit
    .command('get', { isDefault: true })
    .summary("a client's brand kit")
    .requiredOption('--client <client id>', 'whose brand kit')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ client: string }>(cmd);
      printBrandKit(o.output, await (await apiClient(o)).getBrandKit({ client_id: o.client }));
    });

  brandKit
    .command('set')
    .summary('change some fields of the brand kit')
    .requiredOption('--client <client id>', 'whose brand kit')
    .option('--primary <#RRGGBB>', 'primary colour')
    .option('--secondary <#RRGGBB>', 'secondary colour')
    .option('--accent <#RRGGBB>', 'accent colour')
    .option('--background <#RRGGBB>', 'background colour')
    .option('--text <#RRGGBB>', 'text colour')
    .option('--heading <font>', 'heading font')
    .option('--body <font>', 'body font')
    .option('--logo-url <url|none>', 'logo URL (none removes it)')
    .option('--tone <text>', 'tone of voice')
    .option('--tagline <text>', 'tagline')
    .option('--banned <w1,w2>', 'words never to show')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<BrandKitFlags>(cmd);
      const colors = strip({
        primary: o.primary,
        secondary: o.secondary,
        accent: o.accent,
        background: o.background,
        text: o.text,
      });
      const fonts = strip({ heading: o.heading, body: o.body }) as Inputs['update_brand_kit']['fonts'];
      const logo = o.logoUrl;
      const r = await (await apiClient(o)).updateBrandKit(
        strip({
          client_id: o.client,
          colors: Object.keys(colors).length > 0 ? colors : undefined,
          fonts: fonts && Object.keys(fonts).length > 0 ? fonts : undefined,
          logo_url: logo === undefined ? undefined : logo === 'none' ? null : logo,
          tone_of_voice: o.tone,
          tagline: o.tagline,
          banned_words: list(o.banned),
        }),
      );
      printBrandKit(o.output, r);
    });
}
