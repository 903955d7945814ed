/**
 * WebGL resources are never freed for you: everything the picture creates (geometries, materials,
 * textures, render targets) is recorded here and disposed together when a game ends or a new one starts.
 */
import { Material, Mesh, Object3D, Texture, type BufferGeometry } from 'three';

interface Disposable {
  dispose(): void;
}

export class ResourceTracker {
  private readonly resources = new Set<Disposable>();

  /** Record a resource (or an object and everything it holds); returns it for chaining. */
  track<T>(resource: T): T {
    if (!resource) return resource;
    if (resource instanceof Object3D) {
      resource.traverse((o) => {
        const mesh = o as Mesh;
        if (mesh.geometry) this.add(mesh.geometry as BufferGeometry);
        const material = mesh.material as Material | Material[] | undefined;
        for (const m of Array.isArray(material) ? material : material ? [material] : []) this.trackMaterial(m);
      });
    } else if (resource instanceof Material) {
      this.trackMaterial(resource);
    } else if (typeof (resource as unknown as Disposable).dispose === 'function') {
      this.add(resource as unknown as Disposable);
    }
    return resource;
  }

  private trackMaterial(material: Material): void {
    this.add(material);
    for (const value of Object.values(material)) if (value instanceof Texture) this.add(value);
    const uniforms = (material as Material & { uniforms?: Record<string, { value: unknown }> }).uniforms;
    if (uniforms) for (const u of Object.values(uniforms)) if (u.value instanceof Texture) this.add(u.value);
  }

  private add(resource: Disposable): void {
    this.resources.add(resource);
  }

  get size(): number {
    return this.resources.size;
  }

  /** Dispose everything recorded, and forget it. */
  dispose(): void {
    for (const r of this.resources) r.dispose();
    this.resources.clear();
  }
}
