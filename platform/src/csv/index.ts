export { csvCast, csvText } from './csv-cell.ts';
