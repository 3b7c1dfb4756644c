// In Node: `init()` without arguments reads the module from the package's folder.
import init from 'gpuplan';
import { run } from './example.js';

await init();
console.log(JSON.stringify(run()));
