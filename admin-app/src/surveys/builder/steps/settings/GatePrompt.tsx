/**
 * A locked control of the settings, workflow and publish steps: one line under it saying why,
 * with the action that unlocks it.
 */
import { useGateMessage } from '../../../../shared/components/GateMessage';
import type { FeatureGate } from '../../../../shared/gating';

export function GatePrompt( {
	gate,
	message,
}: {
	gate: FeatureGate;
	/** Replaces the default sentence (the geo addon has its own wording). */
	message?: string;
} ) {
	const gateMessage = useGateMessage( gate, 'survey-builder' );
	if ( ! gateMessage ) {
		return null;
	}
	return (
		<p className="userfeedback-gate">
			<span className="userfeedback-gate__text">
				{ message ?? gateMessage.text }
			</span>{ ' ' }
			{ gateMessage.action }
		</p>
	);
}
