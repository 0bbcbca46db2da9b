/**
 * `npm run cycles`: the import circles of src/, functions/ and scripts/ (scripts/lib/importGraph.ts),
 * between features and between files, with the files of each. Features in a circle fail
 * tests/build/floors.test.ts; files in one are reported here.
 */
import { circles, featureGraph, importGraph } from './lib/importGraph';

const graph = importGraph();
const features = circles(featureGraph(graph));
const files = circles(graph);
console.log(`features in a circle: ${features.length} circle(s)${features.map((c) => `\n  {${c.join(', ')}}`).join('')}`);
console.log(`files in a circle: ${files.reduce((n, c) => n + c.length, 0)} in ${files.length} circle(s)${files.map((c) => `\n  {${c.join(', ')}}`).join('')}`);
