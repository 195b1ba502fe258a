import { useId, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * A step's validation message: what it says (null when nothing is wrong) and the id
 * the field it is about refers to in aria-describedby.
 */
export function useStepError() {
	const [ error, setError ] = useState< string | null >( null );
	const id = useId();
	return { error, setError, id, describedBy: error ? id : undefined };
}

/**
 * The heading of a step (or of the end screen), focused when it opens.
 *
 * @param props            Heading text and ref.
 * @param props.headingRef Ref of the heading.
 * @param props.children   Heading text.
 */
export function StepHeading( {
	headingRef,
	children,
}: {
	headingRef: RefObject< HTMLHeadingElement >;
	children: ReactNode;
} ) {
	return (
		<h2
			className="userfeedback-welcome__title"
			ref={ headingRef }
			tabIndex={ -1 }
		>
			{ children }
		</h2>
	);
}

/**
 * One step of the wizard: its heading, content and the Back / Next buttons.
 *
 * @param props            Step content and actions.
 * @param props.title      Heading.
 * @param props.headingRef Ref of the heading (focused when the step opens).
 * @param props.children   Content.
 * @param props.error      Validation message shown under the content (an alert).
 * @param props.errorId    Its id (useStepError).
 * @param props.onBack     Back; no button when undefined.
 * @param props.onNext     Next (or the step's own main action).
 * @param props.nextLabel  Label of the Next button.
 * @param props.busy       The step is saving: Next shows it and waits.
 * @param props.disabled   Next cannot be used yet (e.g. still loading).
 */
export function StepLayout( {
	title,
	headingRef,
	children,
	error = null,
	errorId,
	onBack,
	onNext,
	nextLabel,
	busy = false,
	disabled = false,
}: {
	title: string;
	headingRef: RefObject< HTMLHeadingElement >;
	children: ReactNode;
	error?: string | null;
	errorId?: string;
	onBack?: () => void;
	onNext: () => void;
	nextLabel?: string;
	busy?: boolean;
	disabled?: boolean;
} ) {
	return (
		<section className="userfeedback-welcome__panel">
			<StepHeading headingRef={ headingRef }>{ title }</StepHeading>
			{ children }
			{ error && (
				<p
					id={ errorId }
					className="userfeedback-welcome__error"
					role="alert"
				>
					{ error }
				</p>
			) }
			<div className="userfeedback-welcome__actions">
				{ onBack && (
					<Button
						variant="secondary"
						__next40pxDefaultSize
						onClick={ onBack }
						disabled={ busy }
					>
						{ __( 'Back', 'userfeedback' ) }
					</Button>
				) }
				<Button
					variant="primary"
					__next40pxDefaultSize
					onClick={ onNext }
					isBusy={ busy }
					disabled={ busy || disabled }
					accessibleWhenDisabled
				>
					{ nextLabel ?? __( 'Next', 'userfeedback' ) }
				</Button>
			</div>
		</section>
	);
}
