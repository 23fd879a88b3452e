/// Whether accepting is paused for want of descriptors; see ``WebSocketServer/isOutOfDescriptors``.
struct DescriptorExhaustion {
    var isOutOfDescriptors = false
    var pauses = 0
}
