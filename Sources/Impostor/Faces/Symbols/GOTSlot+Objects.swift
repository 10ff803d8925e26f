extension GOTSlot {
    /// `the main executable` or the object's file name, for messages.
    var objectDescription: String { LoadedObjects.describe(objectName) }
}
