import { View } from '@tarojs/components'
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react'

/** A chunk that fails to load (network gone) leaves a note in place of the part, not a blank page. */
class DeferredBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? (
      <View className='deferred__failed' role='alert'>
        加载失败，请刷新页面重试
      </View>
    ) : (
      this.props.children
    )
  }
}

/**
 * A component whose code is fetched the first time it renders (React.lazy), with `fallback` shown
 * meanwhile. Only H5 adapters call it with a dynamic import(): the mini-program imports statically.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): (props: P) => JSX.Element {
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  // lazy() types its props with ref handling a plain function component never uses.
  const Loaded = Lazy as unknown as ComponentType<P>
  function Deferred(props: P) {
    return (
      <DeferredBoundary>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </DeferredBoundary>
    )
  }
  return Deferred
}
