/**
 * Builds the router split (lib/router-bundle.ts) from a repository into an asset directory:
 * `tsx lib/router-build.ts <repository> <output directory>`. The router's CDK bundling runs it
 * after NodejsFunction's own pass (its afterBundling hook).
 */
import { build } from 'esbuild';
import { routerBuildOptions } from './router-bundle.ts';

const [inputDir, outputDir] = process.argv.slice(2);
if (!inputDir || !outputDir) {
  console.error('usage: tsx lib/router-build.ts <repository> <output directory>');
  process.exit(2);
}
await build({ ...routerBuildOptions(outputDir, inputDir), logLevel: 'warning' });
