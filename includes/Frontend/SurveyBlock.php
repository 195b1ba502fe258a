<?php
/**
 * The userfeedback/survey block (blocks/survey/block.json): rendered on the server by the shortcode's
 * renderer, edited with admin-app/src/block (build/admin/block.js), which is enqueued only in the block
 * editors (posts, Site Editor, widgets) through enqueue_block_editor_assets.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AdminPages;

defined( 'ABSPATH' ) || exit;

final class SurveyBlock {

	public const NAME = 'userfeedback/survey';

	public const EDITOR_HANDLE = 'userfeedback-block-editor';

	public function __construct(
		private readonly InlineSurvey $inline,
		private readonly WidgetLoader $loader,
	) {}

	public function register(): void {
		add_action( 'init', array( $this, 'register_type' ) );
		add_action( 'enqueue_block_editor_assets', array( $this, 'enqueue_editor' ) );
	}

	public function register_type(): void {
		if ( ! \WP_Block_Type_Registry::get_instance()->is_registered( self::NAME ) ) {
			register_block_type( USERFEEDBACK_DIR . 'blocks/survey', array( 'render_callback' => array( $this, 'render' ) ) );
		}
	}

	/**
	 * @param array<string,mixed> $attributes Block attributes.
	 */
	public function render( array $attributes ): string {
		return $this->inline->render(
			$attributes['surveyId'] ?? 0,
			// Adds the wrapper's class, alignment and spacing; there are none outside a block render.
			static fn( array $placeholder ): string => null === \WP_Block_Supports::$block_to_render ? '' : get_block_wrapper_attributes( $placeholder )
		);
	}

	public function enqueue_editor(): void {
		$asset = USERFEEDBACK_DIR . 'build/admin/block.asset.php';
		if ( ! is_readable( $asset ) ) {
			return;
		}
		$meta = require $asset;
		wp_enqueue_script( self::EDITOR_HANDLE, plugins_url( 'build/admin/block.js', USERFEEDBACK_FILE ), $meta['dependencies'], $meta['version'], false );
		wp_add_inline_script( self::EDITOR_HANDLE, 'window.userfeedbackBlockConfig=' . wp_json_encode( $this->editor_config(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
		wp_set_script_translations( self::EDITOR_HANDLE, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
	}

	/**
	 * What the editor script needs (BlockConfig in admin-app/src/block/config.ts).
	 *
	 * @return array<string,mixed>
	 */
	public function editor_config(): array {
		$surveys = admin_url( 'admin.php?page=' . AdminPages::slug( 'surveys' ) );
		return array(
			'canEdit'       => current_user_can( Capabilities::CREATE_EDIT_SURVEYS ),
			'surveysUrl'    => $surveys,
			'newSurveyUrl'  => $surveys . '#/new',
			'editSurveyUrl' => $surveys . '#/edit/',
			'features'      => $this->loader->features(),
			'strings'       => $this->loader->strings(),
			'theming'       => $this->loader->default_theming(),
			// A branded survey's own font needs its stylesheet too (Fonts; block/toPreview.ts).
			'fonts'         => Fonts::admin_config( Fonts::external( ( new \UserFeedback\Settings\SettingsRepository() )->all() ) ),
		);
	}
}
