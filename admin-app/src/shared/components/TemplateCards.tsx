/**
 * The survey templates as cards, one button each; a template this site may not use is
 * shown with the reason and cannot be chosen. The templates load once per page (GET
 * surveys/templates); Lite sites also get the upgrade notice.
 */
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { Entitlements, SurveyTemplate } from '../types';
import { templateLock, useTemplates } from '../templates';
import { useUpgradeDialog } from '../upgrade';
import { LoadingState, QueryError } from './States';

import './TemplateCards.scss';

/**
 * Lite: more templates come with Pro; the link opens the upgrade dialog.
 *
 * @param props        The notice's props.
 * @param props.medium The upgrade dialog's medium (where the notice is).
 */
export function ProTemplatesNotice( { medium }: { medium: string } ) {
	const openUpgrade = useUpgradeDialog( ( state ) => state.open );
	return (
		<Notice status="info" isDismissible={ false }>
			{ __(
				'Upgrade to UserFeedback Pro to unlock more survey templates.',
				'userfeedback'
			) }{ ' ' }
			<Button
				variant="link"
				onClick={ () => openUpgrade( 'pro_templates', medium ) }
			>
				{ __( 'Upgrade to Pro', 'userfeedback' ) }
			</Button>
		</Notice>
	);
}

export function TemplateCards( {
	include = () => true,
	entitlements,
	selected,
	idPrefix,
	className,
	loadingLabel,
	onChoose,
}: {
	/** Which templates to offer; all by default. */
	include?: ( template: SurveyTemplate ) => boolean;
	entitlements: Entitlements;
	/** The chosen template's key. */
	selected: string | undefined;
	/** Prefix of the cards' element ids, unique on the page. */
	idPrefix: string;
	/** Classes added to the list's. */
	className?: string;
	/** What the spinner says while the templates load. */
	loadingLabel?: string;
	onChoose: ( template: SurveyTemplate ) => void;
} ) {
	const templates = useTemplates();
	if ( templates.isPending ) {
		return <LoadingState label={ loadingLabel } />;
	}
	if ( templates.isError ) {
		return (
			<QueryError
				error={ templates.error }
				onRetry={ () => templates.refetch() }
			/>
		);
	}
	return (
		<ul
			className={ `userfeedback-templates${
				className ? ` ${ className }` : ''
			}` }
		>
			{ templates.data.filter( include ).map( ( template ) => {
				const lock = templateLock( template, entitlements );
				const id = `${ idPrefix }-${ template.key }`;
				const isSelected = selected === template.key;
				return (
					<li key={ template.key }>
						<button
							type="button"
							className={ `userfeedback-template${
								isSelected ? ' is-selected' : ''
							}${ lock ? ' is-locked' : '' }` }
							aria-pressed={ isSelected }
							aria-labelledby={ `${ id }-name` }
							aria-describedby={ `${ id }-description${
								lock ? ` ${ id }-lock` : ''
							}` }
							disabled={ lock !== null }
							onClick={ () => onChoose( template ) }
						>
							<strong
								id={ `${ id }-name` }
								className="userfeedback-template__name"
							>
								{ template.name }
							</strong>
							<span
								id={ `${ id }-description` }
								className="userfeedback-template__description"
							>
								{ template.description }
							</span>
							{ lock && (
								<span
									id={ `${ id }-lock` }
									className="userfeedback-template__lock"
								>
									{ lock }
								</span>
							) }
						</button>
					</li>
				);
			} ) }
		</ul>
	);
}
