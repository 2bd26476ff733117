// What `@tarojs/components` resolves to in the H5 build (h5-build.ts). Taro's React wrappers
// create every component in one module, so a component any page uses is part of every first load.
// The ones no first screen needs are re-exported from modules of their own: this file is marked
// side-effect free, so webpack links an import of them straight to that module, and each loads
// with the pages that use it (Picker alone is 5 KB of /login's JavaScript otherwise). View, Text,
// Input and Label are plain elements; the Stencil ones define their element on first render
// (create.js), so a first screen without one never evaluates Stencil.
export * from '@tarojs/components/lib/react/components.js'
export { View, Text } from './view-text.js'
export { Input, Label } from './input.js'
export { Button } from './button.js'
export { Canvas } from './canvas.js'
export { Image } from './image.js'
export { Picker } from './picker.js'
export { RichText } from './rich-text.js'
export { ScrollView } from './scroll-view.js'
export { Textarea } from './textarea.js'
