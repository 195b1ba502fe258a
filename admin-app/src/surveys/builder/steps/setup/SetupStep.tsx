/**
 * Setup step (new surveys): 'Select a Template'. Choosing a card applies the
 * template and moves on to the questions.
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { LoadingState, QueryError } from '../../../../shared/components/States';
import { adminUrl } from '../../../../shared/config';
import { useConfig } from '../../../../shared/context';
import { useEntitlements } from '../../../../shared/gating';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import type { Entitlements, SurveyTemplate } from '../../../../shared/types';
import { useTemplates } from '../../api';
import { useBuilder } from '../../context';
import { addonLabel } from '../../labels';
import { applyTemplate } from '../../rules';
import { useBuilderStore } from '../../store';

/**
 * Why a template cannot be chosen, or null when it can.
 *
 * @param template     The template.
 * @param entitlements The site's entitlements.
 */
export function templateLock(
	template: SurveyTemplate,
	entitlements: Entitlements
): string | null {
	const missing = template.required_addons.filter(
		( slug ) => ! entitlements.addons[ slug ]
	);
	if ( missing.length > 0 ) {
		return sprintf(
			/* translators: %s: addon name(s), e.g. "Question Types". */
			__( 'Requires %s addon', 'userfeedback' ),
			missing.map( addonLabel ).join( ', ' )
		);
	}
	if ( ! template.is_available ) {
		return template.tier === 'pro' && ! entitlements.is_pro
			? __( 'Available in UserFeedback Pro', 'userfeedback' )
			: __( 'Not available on this site', 'userfeedback' );
	}
	return null;
}

function TemplateNotice( { entitlements }: { entitlements: Entitlements } ) {
	const config = useConfig();
	const openUpgrade = useUpgradeDialog( ( state ) => state.open );
	if ( ! entitlements.is_pro ) {
		return (
			<Notice status="info" isDismissible={ false }>
				{ __(
					'Upgrade to UserFeedback Pro to unlock more survey templates.',
					'userfeedback'
				) }{ ' ' }
				<Button
					variant="link"
					onClick={ () =>
						openUpgrade( 'pro_templates', 'survey-templates' )
					}
				>
					{ __( 'Upgrade to Pro', 'userfeedback' ) }
				</Button>
			</Notice>
		);
	}
	if ( ! entitlements.is_licensed ) {
		return (
			<Notice status="warning" isDismissible={ false }>
				{ __(
					'Please enter a valid license key to enable Pro templates',
					'userfeedback'
				) }{ ' ' }
				<a href={ adminUrl( config, config.urls.settings ) }>
					{ __( 'Enter License Key', 'userfeedback' ) }
				</a>
			</Notice>
		);
	}
	if ( ! entitlements.addons.templates ) {
		return (
			<Notice status="info" isDismissible={ false }>
				{ __(
					'Install and activate the addon to get more templates:',
					'userfeedback'
				) }{ ' ' }
				<a
					href={ adminUrl(
						config,
						config.urls.pages.addons ??
							'admin.php?page=userfeedback_addons'
					) }
				>
					{ __( 'Additional Templates Addon', 'userfeedback' ) }
				</a>
			</Notice>
		);
	}
	return null;
}

export function SetupStep() {
	const templates = useTemplates();
	const entitlements = useEntitlements();
	const chosen = useBuilderStore( ( state ) => state.draft?.template ?? '' );
	const { goTo } = useBuilder();

	const choose = ( template: SurveyTemplate ) => {
		useBuilderStore
			.getState()
			.update( ( draft ) => applyTemplate( draft, template ) );
		goTo( 'questions' );
	};

	return (
		<section className="userfeedback-builder-setup">
			<h2>{ __( 'Select a Template', 'userfeedback' ) }</h2>
			<TemplateNotice entitlements={ entitlements } />
			{ templates.isPending && <LoadingState /> }
			{ templates.isError && (
				<QueryError
					error={ templates.error }
					onRetry={ () => templates.refetch() }
				/>
			) }
			{ templates.data && (
				<ul className="userfeedback-templates">
					{ templates.data.map( ( template ) => {
						const lock = templateLock( template, entitlements );
						const id = `userfeedback-template-${ template.key }`;
						return (
							<li key={ template.key }>
								<button
									type="button"
									className={ `userfeedback-template${
										chosen === template.key
											? ' is-selected'
											: ''
									}` }
									aria-pressed={ chosen === template.key }
									aria-labelledby={ `${ id }-name` }
									aria-describedby={ `${ id }-description${
										lock ? ` ${ id }-lock` : ''
									}` }
									disabled={ lock !== null }
									onClick={ () => choose( template ) }
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
			) }
		</section>
	);
}
