/**
 * Bloom, loaded only when the quality setting asks for it (it is a separate chunk): a threshold keeps
 * it selective, so only the hot star cores and effects glow while lines and rings stay crisp.
 */
import { Vector2, type Camera, type Scene, type WebGLRenderer } from 'three';
import { EffectComposer } from 'three/addons/postprocessing/EffectComposer.js';
import { RenderPass } from 'three/addons/postprocessing/RenderPass.js';
import { UnrealBloomPass } from 'three/addons/postprocessing/UnrealBloomPass.js';
import { ShaderPass } from 'three/addons/postprocessing/ShaderPass.js';
import { CopyShader } from 'three/addons/shaders/CopyShader.js';

export function makeBloom(renderer: WebGLRenderer, scene: Scene, camera: Camera) {
  const size = renderer.getSize(new Vector2());
  const composer = new EffectComposer(renderer);
  composer.addPass(new RenderPass(scene, camera));
  composer.addPass(new UnrealBloomPass(new Vector2(size.x, size.y), 0.55, 0.35, 0.72));
  // The picture's shaders already write display colours: copy to the screen as they are (a plain copy,
  // not an output pass that would convert colour spaces and lift the black of space).
  composer.addPass(new ShaderPass(CopyShader));
  return {
    render: () => composer.render(),
    setSize: (w: number, h: number) => composer.setSize(w, h),
    dispose: () => composer.dispose(),
  };
}
