/**
 * The features that lock parts of the widget settings (spec 3, section 5): branding
 * (colours, toggle icon and label, font, custom logo), middle positions and
 * start-minimised. A locked control opens the upgrade dialog instead of changing.
 */
import { useMemo } from 'react';

import { useFeature } from '../../shared/gating';

export const MEDIUM = 'settings-widget';

export function useWidgetGates() {
	const branding = useFeature( 'branding' );
	const middle = useFeature( 'widget_positions_middle' );
	const behavior = useFeature( 'behavior' );
	const allowed = useMemo(
		() => ( {
			branding: branding.allowed,
			middle: middle.allowed,
			behavior: behavior.allowed,
		} ),
		[ branding.allowed, middle.allowed, behavior.allowed ]
	);
	return { branding, middle, behavior, allowed };
}

export type WidgetGates = ReturnType< typeof useWidgetGates >;
