import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/index.ts';

/** The data provider with the console's custom methods (SPEC §7), typed. */
export function useConsoleApi(): AppDataProvider {
  return useDataProvider<AppDataProvider>();
}
