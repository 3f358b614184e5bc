/** §9 volumeSlider: the local sound volume, 0 to 100%. */
import { VolumeSlider } from '../../preferences/index.ts';
import { Section } from '../../ui/Section.tsx';

export function VolumePreference() {
  return (
    <Section title="Sound" about="Volume of the notification sounds, kept in this browser only.">
      <VolumeSlider />
    </Section>
  );
}
