/** A statistic's value in full: its own module, so Statistics loads it when first opened (bench/lib/bundle.ts ON_DEMAND). */
export { JsonDialog as StatisticDialog } from '../../ui/dialogs/JsonDialog.tsx';
