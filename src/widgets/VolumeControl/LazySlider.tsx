/**
 * MUI's Slider for the header's volume popover, loaded when an operator first opens it: it is not
 * part of the home screen's first load (bench/lib/bundle.ts ON_DEMAND, the bundle budgets).
 */
import Slider from '@mui/material/Slider';

export default Slider;
