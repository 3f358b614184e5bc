/** The widgets' name for the console data provider (§7): the same hook the resource screens use. */
export { useConsoleDataProvider as useConsoleApi } from '../dataProvider/index.ts';
