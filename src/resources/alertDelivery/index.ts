/**
 * Alerts delivery (docs/protocol.md "Alerts delivery"): the Admin's screen of destinations and the delivery log; what the
 * server fires now, for Preferences.
 */
export { default as AlertDeliveryScreen } from './AlertDeliveryScreen.tsx';
