// A bare specifier from a subdirectory: node_modules is found in a directory above.
export { name } from '@scope/esm-pkg';
