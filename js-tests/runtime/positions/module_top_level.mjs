// status: 1
// The same at the top level of a module.
import { helper } from './helper.mjs';
console.log(helper());
export const value = helper() + missingName;
