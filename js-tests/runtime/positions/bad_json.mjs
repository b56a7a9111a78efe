// status: 1
// A JSON module that does not parse: the error names the JSON file, its line and column.
import data from './bad.json' with { type: 'json' };
console.log('never printed', data);
