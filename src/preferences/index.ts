/**
 * The one seam through which screens compose the dashboard's and the notifications' pieces
 * (docs/architecture.md "Dependencies point one way"): Settings shows the notification, alert-rule
 * and volume preferences, and the trades list starts the trades watch. Resources import these from
 * here, never from src/widgets or src/notifications (tests/architecture holds them to it).
 */
export { NotificationPreferences } from '../notifications/NotificationPreferences.tsx';
export { AlertRulesPreferences } from '../widgets/AlertRules/AlertRulesPreferences.tsx';
export { VolumeSlider } from '../widgets/VolumeControl/VolumeSlider.tsx';
export { TradesWatch } from '../widgets/StuckTrades/TradesWatch.tsx';
