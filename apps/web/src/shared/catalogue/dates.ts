/**
 * The catalogue's and the wallet's dates (validity, sale windows): an instant as its Bangkok calendar
 * day, day/month/year with the Buddhist-era year in Thai — `formatDate` itself, under the name those
 * screens import.
 */
export { formatDate as formatProgrammeDate } from '../format.ts';
