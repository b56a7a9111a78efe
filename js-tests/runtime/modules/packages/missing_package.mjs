// status: 1
// A static import of a package that is not installed: the error names the importing file.
import { thing } from 'not-installed';
console.log('not reached', thing);
