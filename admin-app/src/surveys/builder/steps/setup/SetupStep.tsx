/**
 * Setup step (new surveys): 'Select a Template'. Choosing a card applies the
 * template and moves on to the questions.
 */
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import {
	ProTemplatesNotice,
	TemplateCards,
} from '../../../../shared/components/TemplateCards';
import { adminUrl } from '../../../../shared/config';
import { useConfig } from '../../../../shared/context';
import { useEntitlements } from '../../../../shared/gating';
import type { Entitlements, SurveyTemplate } from '../../../../shared/types';
import { useBuilder } from '../../context';
import { newSurvey } from '../../../../shared/surveyDefaults';
import { useTemplates } from '../../../../shared/templates';
import { chooseTemplate } from './templateTitle';
import { useBuilderStore } from '../../store';

function TemplateNotice( { entitlements }: { entitlements: Entitlements } ) {
	const config = useConfig();
	if ( ! entitlements.is_pro ) {
		return <ProTemplatesNotice medium="survey-templates" />;
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
	const entitlements = useEntitlements();
	const chosen = useBuilderStore( ( state ) => state.draft?.template ?? '' );
	const { goTo } = useBuilder();

	const config = useConfig();
	const templates = useTemplates();

	const choose = ( template: SurveyTemplate ) => {
		useBuilderStore
			.getState()
			.update( ( draft ) =>
				chooseTemplate(
					draft,
					template,
					templates.data ?? [],
					newSurvey( config ).title
				)
			);
		goTo( 'questions' );
	};

	return (
		<section className="userfeedback-builder-setup">
			<h2>{ __( 'Select a Template', 'userfeedback' ) }</h2>
			<TemplateNotice entitlements={ entitlements } />
			<TemplateCards
				entitlements={ entitlements }
				selected={ chosen }
				idPrefix="userfeedback-template"
				onChoose={ choose }
			/>
		</section>
	);
}
