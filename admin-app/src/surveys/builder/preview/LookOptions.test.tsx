/**
 * The builder's Look section: the site's widget settings by default, a look of its own
 * (branding) with "Reset to site settings", the gates Settings > Widget uses, and a
 * live preview that shows what visitors will get.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ConfigProvider } from '../../../shared/context';
import type { AppConfig, Survey } from '../../../shared/types';
import { feature } from '../../../shared/test/fixtures';
import { survey, tierConfig } from '../../../shared/test/surveyFixtures';
import { useUpgradeDialog } from '../../../shared/upgrade';
import { useBuilderStore } from '../store';
import { LivePreview } from './LivePreview';
import { LookOptions } from './LookOptions';

const SITE = {
	widget_theme: 'light',
	widget_color: '#abcdef',
	widget_text_color: '#123456',
	widget_button_color: '#654321',
	widget_position: 'bottom_left',
	widget_start_minimized: false,
} as const;

function Builder() {
	const draft = useBuilderStore( ( state ) => state.draft );
	if ( ! draft ) {
		return null;
	}
	return (
		<>
			<LookOptions settings={ draft.settings } />
			<LivePreview survey={ draft } />
		</>
	);
}

function renderLook(
	draft: Survey,
	tier: 'lite' | 'pro' | 'pro-no-addons' = 'pro'
) {
	const config: AppConfig = tierConfig( tier, { widget_settings: SITE } );
	if ( tier === 'pro' ) {
		// What a licensed site with every addon may use besides the fixtures' rules.
		for ( const key of [
			'widget_positions_middle',
			'behavior',
		] as const ) {
			config.entitlements.features[ key ] = feature( { allowed: true } );
		}
	}
	useBuilderStore.getState().reset();
	useBuilderStore.getState().load( draft, false );
	return render(
		<ConfigProvider config={ config }>
			<Builder />
		</ConfigProvider>
	);
}

const theming = () => useBuilderStore.getState().draft!.settings.theming;

/** The widget's frame in the preview: its position class and colour variables. */
function widget() {
	const region = screen.getByRole( 'region', { name: 'Survey preview' } );
	const frame = region.querySelector< HTMLElement >( '[class*="uf-pos-"]' );
	expect( frame ).not.toBeNull();
	return frame!;
}

function ownLook(): Survey {
	const draft = survey();
	draft.settings.theming = {
		...draft.settings.theming,
		source: 'custom',
		widget_color: '#111111',
		position: 'bottom_right',
	};
	return draft;
}

afterEach( () => {
	useBuilderStore.getState().reset();
	useUpgradeDialog.getState().close();
} );

describe( 'Look', () => {
	it( "uses the site's widget settings by default, and the preview shows them", () => {
		const draft = survey();
		// Values a survey holds while it follows the site are not what visitors get.
		draft.settings.theming.widget_color = '#999999';
		renderLook( draft );
		expect(
			screen.getByRole( 'radio', {
				name: "Use the site's widget settings",
			} )
		).toBeChecked();
		expect(
			screen.getByRole( 'link', { name: 'Open Settings > Widget' } )
		).toHaveAttribute( 'href', expect.stringContaining( '#/widget' ) );
		expect(
			screen.queryByRole( 'button', { name: 'Reset to site settings' } )
		).not.toBeInTheDocument();
		expect( widget().className ).toContain( 'uf-pos-bottom_left' );
		expect( widget().getAttribute( 'style' ) ).toContain( '#abcdef' );
		expect( widget().getAttribute( 'style' ) ).not.toContain( '#999999' );
	} );

	it( "customizing starts from the site's look; changes show in the preview; reset goes back", async () => {
		const user = userEvent.setup();
		renderLook( survey() );
		await user.click(
			screen.getByRole( 'radio', { name: 'Customize for this survey' } )
		);
		expect( theming() ).toMatchObject( {
			source: 'custom',
			widget_color: '#abcdef',
			position: 'bottom_left',
		} );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Position' } ),
			'middle_right'
		);
		expect( theming().position ).toBe( 'middle_right' );
		expect( widget().className ).toContain( 'uf-pos-middle_right' );

		await user.click(
			screen.getByRole( 'button', { name: 'Reset to site settings' } )
		);
		expect( theming() ).toMatchObject( {
			source: 'site',
			position: 'bottom_left',
			widget_color: '#abcdef',
		} );
		expect( widget().className ).toContain( 'uf-pos-bottom_left' );
	} );

	it( 'a look of its own is kept while switching back and forth', async () => {
		const user = userEvent.setup();
		renderLook( ownLook() );
		expect( widget().getAttribute( 'style' ) ).toContain( '#111111' );
		await user.click(
			screen.getByRole( 'radio', {
				name: "Use the site's widget settings",
			} )
		);
		expect( theming().source ).toBe( 'site' );
		expect( widget().getAttribute( 'style' ) ).toContain( '#abcdef' );
		await user.click(
			screen.getByRole( 'radio', { name: 'Customize for this survey' } )
		);
		expect( theming() ).toMatchObject( {
			source: 'custom',
			widget_color: '#111111',
			position: 'bottom_right',
		} );
	} );

	it( 'Lite: a look of its own opens the upgrade dialog and the survey keeps the site’s', async () => {
		const user = userEvent.setup();
		renderLook( survey(), 'lite' );
		// The reason shows before anything is tried.
		expect(
			screen.getByText( 'Branding is a Pro feature.' )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'radio', { name: 'Customize for this survey' } )
		);
		expect( useUpgradeDialog.getState().feature ).toBe( 'branding' );
		expect( theming().source ).toBe( 'site' );
		expect(
			screen.queryByRole( 'combobox', { name: 'Position' } )
		).not.toBeInTheDocument();
	} );

	it( 'middle positions and a look of its own are gated as in Settings > Widget', async () => {
		const user = userEvent.setup();
		// A licence without addons: no branding, so a stored custom look shows its notice.
		renderLook( ownLook(), 'pro-no-addons' );
		const position = screen.getByRole( 'combobox', { name: 'Position' } );
		await user.selectOptions( position, 'middle_left' );
		expect( useUpgradeDialog.getState().feature ).toBe(
			'widget_positions_middle'
		);
		expect( theming().position ).toBe( 'bottom_right' );
		await user.selectOptions( position, 'bottom_left' );
		expect( useUpgradeDialog.getState().feature ).toBe( 'branding' );
		expect( theming().position ).toBe( 'bottom_right' );
		expect(
			within( screen.getByRole( 'region', { name: 'Look' } ) ).getByText(
				/Branding/
			)
		).toBeInTheDocument();
	} );
} );
